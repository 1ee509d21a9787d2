import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectFilterProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  /** Each choice and its words, in the order offered. */
  options: readonly V[];
  optionLabel: (value: V) => ReactNode;
  minWidth?: number;
}

/** A list's filter with a fixed set of choices (a small select). */
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  options,
  optionLabel,
  minWidth = 180,
}: SelectFilterProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      sx={{ minWidth }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
