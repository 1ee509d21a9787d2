import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SystemStyleObject } from '@mui/system';
import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '../lib/visually-hidden';
import type { DataTablePager } from './DataTablePager';

export type { DataTablePager } from './DataTablePager';

/**
 * The pager is loaded with the first table that pages: its page-size select brings MUI's Select
 * and inputs (about 40 kB gz), which the first page (/datastores, no pager) must not carry.
 */
const Pager = lazy(() => import('./DataTablePager'));
/** The busy bar shows only while another page loads: it loads then, not with the first page. */
const BusyBar = lazy(() => import('@mui/material/LinearProgress'));

/**
 * One column of a {@link DataTable}: its header, how a row shows in it, and whether it sorts.
 * `S` is the screen's sort field type (a column sorts when it names one).
 */
export interface DataColumn<T, S extends string = string> {
  /** Unique within the table. */
  key: string;
  header: string;
  /** The header is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  align?: 'right';
  /** The cell never wraps (dates, sizes, chips). */
  nowrap?: boolean;
  /** The cell is the row's header for screen readers (`<th scope="row">`). */
  rowHeader?: boolean;
  sortField?: S;
  /** The header cell's style (a column's width). */
  headerSx?: SystemStyleObject<Theme>;
  /** The body cells' style (one object, not a list). */
  sx?: SystemStyleObject<Theme>;
  cell: (row: T) => ReactNode;
}

/** A row's buttons at its right end; the column's header is read by screen readers only. */
export const actionsColumn = <T,>(cell: (row: T) => ReactNode): DataColumn<T> => ({
  key: 'actions',
  header: 'Actions',
  hideHeader: true,
  align: 'right',
  nowrap: true,
  sx: { py: 0.5 },
  cell,
});

export type SortOrder = 'asc' | 'desc';

export interface DataTableSort<S extends string> {
  /** The sorted column's field; none when the list keeps its own order. */
  field: S | undefined;
  order: SortOrder;
  /** A header was clicked: its field, and the order it asks (the other one on the sorted column). */
  onSort: (field: S, order: SortOrder) => void;
  /** The order a column sorts in when first clicked ('asc' unless said otherwise). */
  firstOrder?: (field: S) => SortOrder;
}

export interface DataTableProps<T, S extends string = string> {
  /** The table's accessible name ("Datasets"). */
  label: string;
  columns: DataColumn<T, S>[];
  rows: readonly T[];
  /** A row's React key: its `id` unless said otherwise (the index where rows have none). */
  rowKey?: (row: T, index: number) => string;
  sort?: DataTableSort<S>;
  pager?: DataTablePager;
  /** Another page, sort or search is loading: the rows stay, a bar shows and the table is busy. */
  updating?: boolean;
  /** Shown in one row when there are no rows. */
  empty?: ReactNode;
  /** Rows before the data rows (a dataset's owner above its shares). */
  leadingRows?: ReactNode;
  /** An outlined paper around the table (the default), or none when the screen gives one. */
  frame?: 'outlined' | 'none';
}

function SortHeader<S extends string>({
  column,
  sort,
}: {
  column: DataColumn<unknown, S> & { sortField: S };
  sort: DataTableSort<S>;
}) {
  const active = sort.field === column.sortField;
  return (
    <TableSortLabel
      active={active}
      direction={active ? sort.order : 'asc'}
      onClick={() =>
        sort.onSort(
          column.sortField,
          active
            ? sort.order === 'asc'
              ? 'desc'
              : 'asc'
            : (sort.firstOrder?.(column.sortField) ?? 'asc'),
        )
      }
    >
      {column.header}
    </TableSortLabel>
  );
}

function HeaderCell<T, S extends string>({
  column,
  sort,
}: {
  column: DataColumn<T, S>;
  sort?: DataTableSort<S>;
}) {
  const sortable = sort && column.sortField !== undefined;
  const active = sortable && sort.field === column.sortField;
  return (
    <TableCell
      align={column.align}
      sortDirection={active ? sort.order : false}
      sx={{ whiteSpace: 'nowrap', ...column.headerSx }}
    >
      {column.hideHeader ? (
        <Box component="span" sx={visuallyHidden}>
          {column.header}
        </Box>
      ) : sortable ? (
        <SortHeader column={column as DataColumn<unknown, S> & { sortField: S }} sort={sort} />
      ) : (
        column.header
      )}
    </TableCell>
  );
}

const idKey = (row: unknown, index: number) =>
  String((row as { id?: string | number }).id ?? index);

/**
 * The one table shell of every list: headers that sort and say their sort to screen readers
 * (`aria-sort` on the header cell), a bar and `aria-busy` while the next page loads, an empty row,
 * and the pager. The screen keeps its loading and error states (it shows them instead of the
 * table), and names its columns. A list in the address gives its sort and pager through
 * `useListController`, which shows the user's latest click while its address is on its way.
 */
export function DataTable<T, S extends string = string>(props: DataTableProps<T, S>) {
  const { columns, rows, pager, empty, sort } = props;
  const rowKey = props.rowKey ?? idKey;
  const updating = props.updating ?? false;
  const table = (
    <>
      {props.updating !== undefined && (
        <Box sx={{ height: 4 }}>
          {updating && (
            <Suspense fallback={null}>
              <BusyBar aria-label={`Updating ${props.label.toLowerCase()}`} />
            </Suspense>
          )}
        </Box>
      )}
      <TableContainer>
        <Table aria-label={props.label} aria-busy={updating} size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.leadingRows}
            {rows.map((row, index) => (
              <TableRow key={rowKey(row, index)} hover>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    component={column.rowHeader ? 'th' : undefined}
                    scope={column.rowHeader ? 'row' : undefined}
                    sx={{ ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}), ...column.sx }}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && empty && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ color: 'text.secondary', py: 3 }}>
                  {empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pager && (
        <Suspense fallback={<Box sx={{ minHeight: 52 }} />}>
          <Pager pager={pager} shown={rows.length} />
        </Suspense>
      )}
    </>
  );
  return props.frame === 'none' ? table : <Paper variant="outlined">{table}</Paper>;
}
