import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

const ANY = '';

export interface OptionalSelectFilterProps<V extends string> {
  label: string;
  /** The choice the list is filtered by; null: not filtered by it. */
  value: V | null;
  onChange: (value: V | null) => void;
  /** Each choice and its words, in the order offered after the "any" choice. */
  options: readonly V[];
  optionLabel: (value: V) => ReactNode;
  /** The words of the choice that filters nothing, e.g. "Any connector". */
  anyLabel: string;
  minWidth?: number;
}

/**
 * A list's filter that may be off: a small select whose first choice ("any") filters nothing.
 * The "any" choice shows in the field like the others (the label stays above it).
 */
export function OptionalSelectFilter<V extends string>(props: OptionalSelectFilterProps<V>) {
  const { options, optionLabel } = props;
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ANY}
      onChange={(event) =>
        props.onChange(event.target.value === ANY ? null : (event.target.value as V))
      }
      sx={{ minWidth: props.minWidth ?? 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={ANY}>{props.anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
