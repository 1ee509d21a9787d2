import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

export interface DatasetSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function DatasetSearchField({ value, onChange }: DatasetSearchFieldProps) {
  return (
    <TextField
      type="search"
      label="Search by name"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
