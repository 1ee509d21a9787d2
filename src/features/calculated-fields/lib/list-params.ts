import type { CalculatedFieldSearch } from '../../../api/calculated-fields';
import { param, readParams, type ListSort, type ListState } from '../../../lib/list-params';

/**
 * The list of calculated fields in the address (architecture.md, rule g): name search, filters,
 * sort, page and page size, and the open field. A new filter or sort returns to page 1.
 */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** Values seen publicly (gaps.md "Calculated fields"). */
export const DATA_TYPES = ['DECIMAL', 'DOUBLE', 'LONG', 'STRING', 'DATE', 'DATETIME'] as const;
export const STATUSES = ['VALID', 'INVALID'] as const;
export const LOCK_FILTERS = ['all', 'locked', 'unlocked'] as const;
/** Sort fields the platform takes, among the grid's columns. */
export const SORT_FIELDS = ['name', 'dataType', 'status', 'locked', 'lastModified'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface FieldListState {
  search: string;
  locked: (typeof LOCK_FILTERS)[number];
  dataType: (typeof DATA_TYPES)[number] | null;
  status: (typeof STATUSES)[number] | null;
  dataset: string | null;
  sort: ListSort<SortField> | null;
  /** 0-based; the address says `page=2` for the second page. */
  page: number;
  pageSize: PageSize;
  fieldId: number | null;
}

/** The list's params in the URL; each falls back to its default alone. */
export const fieldListSpec = {
  q: param.search(),
  locked: param.oneOf(LOCK_FILTERS, 'all'),
  type: param.optional(DATA_TYPES),
  status: param.optional(STATUSES),
  dataset: param.custom<string | null>({ read: (raw) => raw || null, write: (value) => value }),
  sort: param.sort(SORT_FIELDS),
  page: param.page(),
  size: param.size(PAGE_SIZES, DEFAULT_PAGE_SIZE),
  field: param.intId({ resetsPage: false }),
};

/** What "Clear filters" writes: every filter and the search back to their defaults. */
export const noFilters = {
  q: '',
  locked: 'all',
  type: null,
  status: null,
  dataset: null,
} satisfies Partial<ListState<typeof fieldListSpec>>;

/** The params under the names the screen uses. */
export function toListState(params: ListState<typeof fieldListSpec>): FieldListState {
  const { q, type, size, field, ...rest } = params;
  return { search: q, dataType: type, pageSize: size, fieldId: field, ...rest };
}

export const readListState = (search: URLSearchParams) =>
  toListState(readParams(fieldListSpec, search));

/** The search body of one page: filters only for what is chosen; the platform sorts by name. */
export function toSearch(state: FieldListState): CalculatedFieldSearch {
  const filters: { field: string; value: string | boolean }[] = [];
  if (state.locked !== 'all') filters.push({ field: 'locked', value: state.locked === 'locked' });
  if (state.dataType) filters.push({ field: 'dataType', value: state.dataType });
  if (state.status) filters.push({ field: 'status', value: state.status });
  if (state.dataset) filters.push({ field: 'dataset', value: state.dataset });
  return {
    ...(state.search ? { name: state.search } : {}),
    ...(filters.length ? { filters } : {}),
    ...(state.sort
      ? { sort: { field: state.sort.field, ascending: state.sort.direction === 'asc' } }
      : {}),
    limit: state.pageSize,
    offset: state.page * state.pageSize,
  };
}

/** True when a search or filter narrows the list: an empty answer then means "no match". */
export const isFiltered = (state: FieldListState) =>
  state.search !== '' ||
  state.locked !== 'all' ||
  state.dataType !== null ||
  state.status !== null ||
  state.dataset !== null;
