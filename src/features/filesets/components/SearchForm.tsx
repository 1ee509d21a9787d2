import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { FILE_QUERY_LIMITS } from '../../../api/contract';
import { useAddressText } from '../../../hooks/use-address-text';
import type { FilesetSearch } from '../lib/search-params';

type Fields = Pick<FilesetSearch, 'query' | 'directoryPath' | 'topK'>;

export interface SearchFormProps {
  /** The search the address holds. */
  search: Fields;
  disabled?: boolean;
  onSearch: (fields: Fields) => void;
}

/**
 * Searches on Enter or the button. The fields show the address's search whenever it changes (Back
 * and Forward refill them), except over what was typed once that address was on its way.
 */
export function SearchForm({ search, disabled, onSearch }: SearchFormProps) {
  const [query, setQuery] = useAddressText(search.query);
  const [directoryPath, setDirectoryPath] = useAddressText(search.directoryPath);
  const [topK, setTopK] = useAddressText(String(search.topK));
  const topKNumber = Number(topK);
  const topKValid =
    Number.isInteger(topKNumber) && topKNumber >= 1 && topKNumber <= FILE_QUERY_LIMITS.topK;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!topKValid || query.trim() === '') return;
    onSearch({ query: query.trim(), directoryPath: directoryPath.trim(), topK: topKNumber });
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Search the fileset"
      onSubmit={submit}
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <TextField
        label="Search text"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        disabled={disabled}
        size="small"
        sx={{ flex: 2 }}
        slotProps={{ htmlInput: { maxLength: FILE_QUERY_LIMITS.queryChars } }}
        helperText='Words, "phrases", or, -not'
      />
      <TextField
        label="Directory"
        value={directoryPath}
        onChange={(e) => setDirectoryPath(e.target.value)}
        disabled={disabled}
        size="small"
        placeholder="manuals/widget"
        sx={{ flex: 1 }}
        helperText="Optional"
        slotProps={{ htmlInput: { maxLength: FILE_QUERY_LIMITS.pathChars } }}
      />
      <TextField
        label="Top K"
        type="number"
        value={topK}
        onChange={(e) => setTopK(e.target.value)}
        disabled={disabled}
        size="small"
        sx={{ width: { md: 110 } }}
        error={!topKValid}
        helperText={topKValid ? 'Best matches' : `1 to ${FILE_QUERY_LIMITS.topK}`}
        slotProps={{ htmlInput: { min: 1, max: FILE_QUERY_LIMITS.topK } }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<SearchIcon />}
        disabled={disabled || !topKValid || query.trim() === ''}
        sx={{ height: 40 }}
      >
        Search
      </Button>
    </Stack>
  );
}
