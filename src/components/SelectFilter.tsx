import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * The choices of a filter and their words, in the order offered: a record for a fixed set, a map
 * for choices known only at run time (a map keeps its order whatever the keys look like).
 */
export type FilterChoices<V extends string> =
  Readonly<Record<V, ReactNode>> | ReadonlyMap<V, ReactNode>;

interface SelectFilterBase<V extends string> {
  label: string;
  choices: FilterChoices<V>;
  minWidth?: number;
}

/** A filter that is always on: one of its choices is chosen. */
interface RequiredSelectFilterProps<V extends string> extends SelectFilterBase<V> {
  anyLabel?: undefined;
  value: V;
  onChange(value: V): void;
}

/** A filter that may be off: its first choice, the words of `anyLabel`, filters nothing (null). */
interface OptionalSelectFilterProps<V extends string> extends SelectFilterBase<V> {
  /** The words of the choice that filters nothing, e.g. "Any connector". */
  anyLabel: string;
  value: V | null;
  onChange(value: V | null): void;
}

export type SelectFilterProps<V extends string> =
  RequiredSelectFilterProps<V> | OptionalSelectFilterProps<V>;

const ANY = '';

const entriesOf = <V extends string>(choices: FilterChoices<V>): [V, ReactNode][] =>
  choices instanceof Map
    ? [...(choices as ReadonlyMap<V, ReactNode>)]
    : (Object.entries(choices) as [V, ReactNode][]);

/**
 * A list's filter with a set of choices (a small select). With `anyLabel` it may be off: the
 * "any" choice shows in the field like the others and the label stays above it.
 */
export function SelectFilter<V extends string>(props: SelectFilterProps<V>) {
  const optional = props.anyLabel !== undefined;
  const change = (value: string) =>
    optional ? props.onChange(value === ANY ? null : (value as V)) : props.onChange(value as V);
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ANY}
      onChange={(event) => change(event.target.value)}
      sx={{ minWidth: props.minWidth ?? 180 }}
      slotProps={
        optional ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined
      }
    >
      {optional && <MenuItem value={ANY}>{props.anyLabel}</MenuItem>}
      {entriesOf(props.choices).map(([value, words]) => (
        <MenuItem key={value} value={value}>
          {words}
        </MenuItem>
      ))}
    </TextField>
  );
}
