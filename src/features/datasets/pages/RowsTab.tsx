import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { ServerDataGrid } from '../../../components/ServerDataGrid';
import { useDatasetRows, useIndexedSchema } from '../../../api/datasets';
import { EmptyState, ErrorState, FillHeight, LoadingState } from '../../../components';
import { Section } from '../../../components/Section';
import { decimalsOf, plural } from '../../../lib/format';
import { CellText, NUMERIC_TYPES } from '../components/cell-format';
import { useDatasetContext } from '../hooks/use-dataset-context';
import { ROW_PAGE_SIZES, useRowsParams } from '../hooks/use-rows-params';

type GridRow = { id: number; cells: unknown[] };

/**
 * Every row of a dataset, a page at a time, sorted by the platform on any column; numbers are
 * right-aligned with even decimals and dates formatted, as everywhere in the console.
 */
export function RowsTab() {
  const { dataset } = useDatasetContext();
  const params = useRowsParams();
  const rows = useDatasetRows(dataset.id, params);
  const schema = useIndexedSchema(dataset.id, false);
  const types = useMemo(
    () => new Map(schema.data?.tables[0]?.columns.map((c) => [c.name, c.type]) ?? []),
    [schema.data],
  );
  const result = rows.data;

  const columns: GridColDef<GridRow>[] = useMemo(() => {
    if (!result) return [];
    return result.columns.map((name, i) => {
      const type = types.get(name);
      const numeric =
        NUMERIC_TYPES.has(type ?? '') ||
        result.rows.every((r) => r[i] === null || typeof r[i] === 'number');
      const decimals = numeric ? decimalsOf(result.rows.map((r) => r[i])) : 0;
      return {
        field: `c${i}`,
        headerName: name,
        description: type ? `${name} (${type})` : name,
        minWidth: Math.max(type === 'DATETIME' ? 180 : 120, Math.ceil(36 + 8.5 * name.length)),
        flex: type === 'DATE' || type === 'DATETIME' ? 0 : 1,
        align: numeric ? 'right' : 'left',
        headerAlign: numeric ? 'right' : 'left',
        cellClassName: numeric ? 'rows-number' : undefined,
        valueGetter: (_v, row) => row.cells[i],
        renderCell: ({ row }) => <CellText value={row.cells[i]} type={type} decimals={decimals} />,
      } satisfies GridColDef<GridRow>;
    });
  }, [result, types]);

  const gridRows = useMemo(
    () =>
      (result?.rows ?? []).map((cells, i) => ({ id: params.page * params.pageSize + i, cells })),
    [result, params.page, params.pageSize],
  );
  // ServerDataGrid keeps them by value (a new sort model, even an equal one, would send the grid
  // back to its first page).
  const sortIndex = result?.columns.indexOf(params.sort?.column ?? '') ?? -1;
  const sortDirection = params.sort?.direction;
  const sortModel: GridSortModel =
    sortDirection && sortIndex >= 0 ? [{ field: `c${sortIndex}`, sort: sortDirection }] : [];
  const paginationModel = { page: params.page, pageSize: params.pageSize };

  const changeSort = (model: GridSortModel) => {
    const first = model[0];
    const column = first ? result?.columns[Number(first.field.slice(1))] : undefined;
    params.setSort(column && first?.sort ? { column, direction: first.sort } : undefined);
  };
  const changePagination = (model: GridPaginationModel) => {
    if (model.pageSize !== params.pageSize) params.setPageSize(model.pageSize);
    else params.setPage(model.page);
  };

  return (
    <Section
      title="Rows"
      description={
        dataset.rowCount > 0
          ? `${plural(dataset.rowCount, 'row')}, sorted by the platform; hidden columns are left out.`
          : undefined
      }
    >
      {result ? (
        dataset.rowCount === 0 && result.numRows === 0 ? (
          <EmptyState
            title="No rows yet"
            description="Rows appear here once a stream has loaded some."
          />
        ) : (
          <FillHeight min={260}>
            <ServerDataGrid
              label="Rows"
              rows={gridRows}
              columns={columns}
              rowCount={dataset.rowCount}
              pageSizeOptions={ROW_PAGE_SIZES}
              paginationModel={paginationModel}
              onPaginationModelChange={changePagination}
              sortModel={sortModel}
              onSortModelChange={changeSort}
              loading={rows.isFetching}
              sx={{
                '& .rows-number': { fontVariantNumeric: 'tabular-nums' },
              }}
            />
          </FillHeight>
        )
      ) : rows.isError ? (
        <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <LoadingState label="Loading rows" rows={8} />
      )}
      {rows.isError && result && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          The last page could not be read: {rows.error.message}
        </Typography>
      )}
    </Section>
  );
}
