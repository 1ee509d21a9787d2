/**
 * The words of a calculated-field search (gaps.md "Calculated fields"): which fields filter and
 * with what type of value, and which sort. The route checks a request against them; the
 * repository holds the SQL for each.
 */
export const FILTER_TYPES = {
  locked: 'boolean',
  archived: 'boolean',
  global: 'boolean',
  hidden: 'boolean',
  dataType: 'string',
  status: 'string',
  owner: 'number',
  dataset: 'string',
} as const;
export type FilterField = keyof typeof FILTER_TYPES;

export const SORT_FIELDS = [
  'name',
  'lastModified',
  'created',
  'dataType',
  'status',
  'locked',
  'id',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface Search {
  name?: string;
  filters: Array<{ field: FilterField; value: string | number | boolean }>;
  sort: { field: SortField; ascending: boolean };
  limit: number;
  offset: number;
}
