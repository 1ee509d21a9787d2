import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { DataTablePager, DataTableSort, SortOrder } from '../components/DataTable';
import {
  listRoles,
  readParams,
  writeParams,
  type ListSort,
  type ListState,
  type ParamSpec,
  type SortFieldOf,
  type WriteOptions,
} from '../lib/list-params';
import { latestKey, useAddressOnItsWay, useLatestAddress } from './router-address';

export type ListSetters<S extends ParamSpec> = {
  [K in keyof S]: (value: ListState<S>[K]) => void;
};

export interface ListPagerOptions extends Omit<
  DataTablePager,
  'page' | 'pageSize' | 'pageSizes' | 'onPageChange' | 'onPageSizeChange'
> {
  /** The page size of a list whose spec declares none (a screen's constant). */
  pageSize?: number;
}

export interface ListGridOptions<F extends string> {
  /** The grid's column that shows a sort field (the field itself by default). */
  toColumn?: (field: F) => string | undefined;
  /**
   * The sort field of a grid column, undefined for one the platform does not sort by (by
   * default the column itself, when the spec's sort param reads it as a field).
   */
  fromColumn?: (column: string) => F | undefined;
}

/** What `ServerDataGrid` takes to page and sort: `<ServerDataGrid {...list.grid()} />`. */
export interface ListGridProps {
  pageSizeOptions: readonly number[];
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
}

/** The user's latest write: the address it made, and the address that was latest before it. */
interface Written {
  search: string;
  after: string | undefined;
}

/**
 * A list's state in the address, as its screen declares it (`spec`, a module constant: see
 * `src/lib/list-params.ts`), and everything that reads or writes it:
 * - `params`: what the address says, for the list's query;
 * - `set(changes)` and one setter per param: defaults leave the URL, a new filter or sort returns
 *   to page 1, typing replaces the history entry;
 * - `tableSort()`, `pager()` and `grid()`: the props of the list's `DataTable` or
 *   `ServerDataGrid`, from the params the spec marks as its sort and page size (`page` is the
 *   page).
 *
 * Writes apply to the router's latest address even from an older render's callback; one that
 * changes nothing does not navigate (a needless entry would drop what Forward leads to). A write
 * belongs to the screen that made it: it is dropped once the screen is gone, once the router is at
 * another path (React may still show this screen while the next one renders), or while the router
 * is on its way to one (a lazy screen loading); else a late write (a debounced search, a grid's
 * effect) would pull the user back.
 *
 * The table's and the grid's sort and page show the user's own latest write while an address is
 * on its way (the router is loading one, or React does not show the router's latest yet), so that
 * a second click on a header or on "next page" builds on the first, not on the address before it.
 */
export function useListController<S extends ParamSpec>(spec: S) {
  type Field = SortFieldOf<S>;
  const { key, search, pathname } = useLocation();
  const navigate = useNavigate();
  const latestAddress = useLatestAddress();
  const onItsWay = useAddressOnItsWay();
  const roles = useMemo(() => listRoles(spec), [spec]);
  const params = useMemo(() => readParams(spec, new URLSearchParams(search)), [spec, search]);

  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A landing of another address than the one that was latest at the write ends what it shows;
  // the landing of that one (the write made nothing new) keeps it.
  const [written, setWritten] = useState<Written | null>(null);
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    if (written && written.after !== key) setWritten(null);
  }

  const set = useCallback(
    (changes: Partial<ListState<S>>, options?: WriteOptions) => {
      if (!mounted.current) return;
      let latest = search;
      const address = latestAddress();
      if (address) {
        const { at, next } = address;
        if (at.pathname !== pathname || (next && next.pathname !== pathname)) return;
        // A write of this screen still on its way is the latest address.
        latest = (next ?? at).search;
      }
      const current = new URLSearchParams(latest);
      const { next, replace } = writeParams(spec, current, changes, options);
      const nextSearch = next.toString();
      setWritten({ search: nextSearch, after: latestKey(address) });
      if (nextSearch === current.toString()) return;
      void navigate(`?${nextSearch}`, { replace });
    },
    [spec, navigate, latestAddress, pathname, search],
  );

  const setters = useMemo(() => {
    const all: Record<string, (value: unknown) => void> = {};
    for (const name of Object.keys(spec)) {
      all[name] = (value) => set({ [name]: value } as Partial<ListState<S>>);
    }
    return all as ListSetters<S>;
  }, [spec, set]);

  const shownSearch = onItsWay && written ? written.search : undefined;
  const shown = useMemo(
    () => (shownSearch === undefined ? params : readParams(spec, new URLSearchParams(shownSearch))),
    [spec, params, shownSearch],
  );

  const changes = (values: Record<string, unknown>) => set(values as Partial<ListState<S>>);
  const sort = roles.sortOf(shown);
  const setSort = (next: ListSort<Field> | null) => changes(roles.sortChanges(next));
  const pageSizeOf = (fallback?: number) => {
    const size = roles.pageSizeOf(shown) ?? fallback;
    if (size === undefined) throw new Error('The list declares no page size: give one');
    return size;
  };
  const setPageSize = (size: number) => changes(roles.pageSizeChanges(size));
  const page = (shown as { page?: number }).page ?? 0;
  const setPage = (next: number) => changes({ page: next });

  return {
    /** What the address says. */
    params,
    set,
    /** One setter per param, stable while the address stays. */
    setters,
    /** The `sort` of a `DataTable`; `firstOrder` says how a column sorts when first clicked. */
    tableSort: (firstOrder?: (field: Field) => SortOrder): DataTableSort<Field> => ({
      field: sort?.field,
      order: sort?.direction ?? 'asc',
      onSort: (field, order) => setSort({ field, direction: order }),
      firstOrder,
    }),
    /** The `pager` of a `DataTable`. */
    pager: ({ pageSize, ...rest }: ListPagerOptions = {}): DataTablePager => ({
      ...rest,
      page,
      pageSize: pageSizeOf(pageSize),
      pageSizes: roles.sizes,
      onPageChange: setPage,
      onPageSizeChange: roles.sizes && setPageSize,
    }),
    /** The paging and sorting props of a `ServerDataGrid`. */
    grid: ({
      toColumn = (field) => field,
      fromColumn = roles.sortFieldOf,
    }: ListGridOptions<Field> = {}): ListGridProps => {
      const pageSize = pageSizeOf();
      const column = sort ? toColumn(sort.field) : undefined;
      return {
        pageSizeOptions: roles.sizes ?? [],
        paginationModel: { page, pageSize },
        onPaginationModelChange: (model) => {
          if (model.pageSize !== pageSize && roles.sizes?.includes(model.pageSize))
            setPageSize(model.pageSize);
          else setPage(model.page);
        },
        sortModel: sort && column ? [{ field: column, sort: sort.direction }] : [],
        onSortModelChange: ([first]) => {
          const field = first?.sort ? fromColumn(first.field) : undefined;
          // Written even when the address already says so: a click may undo one on its way.
          setSort(first?.sort && field !== undefined ? { field, direction: first.sort } : null);
        },
      };
    },
  };
}

export type ListController<S extends ParamSpec> = ReturnType<typeof useListController<S>>;
