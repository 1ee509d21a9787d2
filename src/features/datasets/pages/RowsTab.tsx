import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ServerDataGrid } from '../../../components/ServerDataGrid';
import { useDatasetRows, useIndexedSchema } from '../../../api/datasets';
import { EmptyState, FillHeight, PageState } from '../../../components';
import { Section } from '../../../components/Section';
import { decimalsOf, plural } from '../../../lib/format';
import { CellText, NUMERIC_TYPES } from '../components/cell-format';
import { useDatasetContext } from '../hooks/use-dataset-context';
import { useListController } from '../../../hooks/use-list-controller';
import { rowsParams, rowsSpec } from '../lib/list-params';

type GridRow = { id: number; cells: unknown[] };

/**
 * Every row of a dataset, a page at a time, sorted by the platform on any column; numbers are
 * right-aligned with even decimals and dates formatted, as everywhere in the console.
 */
export function RowsTab() {
  const { dataset } = useDatasetContext();
  const list = useListController(rowsSpec);
  const params = rowsParams(list.params);
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
  // The grid's columns are `c<index>`: a column's name may be any text.
  const grid = list.grid({
    toColumn: (name) => {
      const index = result?.columns.indexOf(name) ?? -1;
      return index >= 0 ? `c${index}` : undefined;
    },
    fromColumn: (column) => result?.columns[Number(column.slice(1))],
  });

  return (
    <Section
      title="Rows"
      description={
        dataset.rowCount > 0
          ? `${plural(dataset.rowCount, 'row')}, sorted by the platform; hidden columns are left out.`
          : undefined
      }
    >
      <PageState
        query={rows}
        loading={{ label: 'Loading rows', rows: 8 }}
        empty={(result) =>
          dataset.rowCount === 0 &&
          result.numRows === 0 && (
            <EmptyState
              title="No rows yet"
              description="Rows appear here once a stream has loaded some."
            />
          )
        }
      >
        <FillHeight min={260}>
          <ServerDataGrid
            {...grid}
            label="Rows"
            rows={gridRows}
            columns={columns}
            rowCount={dataset.rowCount}
            loading={rows.isFetching}
            sx={{
              '& .rows-number': { fontVariantNumeric: 'tabular-nums' },
            }}
          />
        </FillHeight>
      </PageState>
      {rows.isError && result && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          The last page could not be read: {rows.error.message}
        </Typography>
      )}
    </Section>
  );
}
