import { z } from 'zod';
import type { CalculatedFieldSearch } from '../../../api/calculated-fields';

/**
 * The list of calculated fields in the address (architecture rule 5): name search, filters,
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
  sort: { field: SortField; direction: 'asc' | 'desc' } | null;
  /** 0-based; the address says `page=2` for the second page. */
  page: number;
  pageSize: PageSize;
  fieldId: number | null;
}

const sortParam = z
  .string()
  .regex(/^\w+:(asc|desc)$/)
  .transform((s) => {
    const [field, direction] = s.split(':') as [string, 'asc' | 'desc'];
    return (SORT_FIELDS as readonly string[]).includes(field)
      ? { field: field as SortField, direction }
      : null;
  });

/** Each param falls back to its default alone, so one bad value does not reset the others. */
const params = {
  q: z.string().trim().catch(''),
  locked: z.enum(LOCK_FILTERS).catch('all'),
  type: z.enum(DATA_TYPES).nullable().catch(null),
  status: z.enum(STATUSES).nullable().catch(null),
  dataset: z.string().min(1).nullable().catch(null),
  sort: sortParam.nullable().catch(null),
  page: z.coerce.number().int().min(1).catch(1),
  size: z.coerce
    .number()
    .refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE),
  field: z.coerce.number().int().positive().nullable().catch(null),
};

export function readListState(search: URLSearchParams): FieldListState {
  const get = (key: string) => search.get(key) ?? undefined;
  return {
    search: params.q.parse(get('q') ?? ''),
    locked: params.locked.parse(get('locked')),
    dataType: params.type.parse(get('type') ?? null),
    status: params.status.parse(get('status') ?? null),
    dataset: params.dataset.parse(get('dataset') ?? null),
    sort: params.sort.parse(get('sort') ?? null),
    page: params.page.parse(get('page')) - 1,
    pageSize: params.size.parse(get('size')),
    fieldId: params.field.parse(get('field') ?? null),
  };
}

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
