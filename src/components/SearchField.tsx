import type { KeyboardEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchText } from '../hooks/use-search-text';

export interface SearchFieldProps {
  label: string;
  /** What the list is searched by now (the address's value). */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (value: string) => void;
  placeholder?: string;
  width?: number;
  sx?: TextFieldProps['sx'];
}

/**
 * The one search field of every list: what is typed reaches `onSearch` once typing pauses (see
 * `useSearchText` for when a pending search is dropped); Escape or the clear button empties it.
 */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
  width = 320,
  sx,
}: SearchFieldProps) {
  const [text, setText] = useSearchText(value, onSearch);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || text === '') return;
    event.preventDefault();
    setText('');
  };
  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      sx={
        [
          {
            width: { xs: '100%', sm: width },
            // The clear button below is the field's one: the browser's own would be a second ×.
            '& input::-webkit-search-cancel-button': { display: 'none' },
          },
          ...(Array.isArray(sx) ? (sx as unknown[]) : [sx]),
        ] as TextFieldProps['sx']
      }
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={`Clear ${label.toLowerCase()}`}
                onClick={() => setText('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
