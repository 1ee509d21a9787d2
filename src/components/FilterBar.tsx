import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { SearchField, type SearchFieldProps } from './SearchField';
import { SelectFilter, type SelectFilterProps } from './SelectFilter';

/** One filter of a list, declared as data: a search field or a select. */
export type FilterSpec =
  ({ kind: 'search' } & SearchFieldProps) | ({ kind: 'select' } & SelectFilterProps<string>);

export interface FilterBarProps {
  /** The filters in the order shown; false leaves one out (e.g. a filter the user may not use). */
  filters: readonly (FilterSpec | false)[];
  /** What follows the filters in the row (date fields, chips, a "Clear filters" button). */
  children?: ReactNode;
  /** Space under the bar (theme spacing). */
  mb?: number;
}

/** A select filter; its value, its choices and its onChange are checked against one another. */
export const selectFilter = <V extends string>(filter: SelectFilterProps<V>): FilterSpec => ({
  kind: 'select',
  ...filter,
});

export const searchFilter = (filter: SearchFieldProps): FilterSpec => ({
  kind: 'search',
  ...filter,
});

function Filter({ kind, ...props }: FilterSpec) {
  return kind === 'search' ? (
    <SearchField {...(props as SearchFieldProps)} />
  ) : (
    <SelectFilter {...(props as SelectFilterProps<string>)} />
  );
}

/** The filter row above a list: the screen declares its filters, the bar lays them out. */
export function FilterBar({ filters, children, mb = 2 }: FilterBarProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb }}
    >
      {filters.map((filter) => filter && <Filter key={filter.label} {...filter} />)}
      {children}
    </Stack>
  );
}
