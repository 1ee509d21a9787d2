import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import type { CalculatedField } from '../../../api/contract';
import { DateTime, StatusChip } from '../../../components';
import { datasetIdOf } from '../lib/links';
import {
  PAGE_SIZES,
  SORT_FIELDS,
  type FieldListState,
  type PageSize,
  type SortField,
} from '../lib/list-params';
import { LockSwitch } from './LockSwitch';
import type { DatasetPermission } from '../../../api/access';

export interface FieldsGridProps {
  rows: CalculatedField[];
  total: number;
  loading: boolean;
  state: Pick<FieldListState, 'page' | 'pageSize' | 'sort'>;
  datasetNames: ReadonlyMap<string, string>;
  selection: number[];
  pendingLockId: number | undefined;
  fieldHref: (id: number) => string;
  datasetHref: (id: string) => string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
  onSortChange: (sort: FieldListState['sort']) => void;
  onSelectionChange: (ids: number[]) => void;
  onLockChange: (field: CalculatedField, locked: boolean) => void;
  /** Whether the caller may change each field (issue 23). */
  mayChange: (id: number) => DatasetPermission;
}

const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n);
const isSortField = (f: string): f is SortField => (SORT_FIELDS as readonly string[]).includes(f);

/** One page of fields, paged, sorted and filtered by the platform; the name opens the field. */
export function FieldsGrid(props: FieldsGridProps) {
  const { rows, total, loading, state, datasetNames, selection, pendingLockId } = props;
  const { fieldHref, datasetHref, onLockChange, mayChange } = props;

  const columns = useMemo<GridColDef<CalculatedField>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.4,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={fieldHref(row.id)} underline="hover">
            {row.name}
          </Link>
        ),
      },
      {
        field: 'dataset',
        headerName: 'Dataset',
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => {
          const id = datasetIdOf(row);
          if (!id) return '—';
          const name = datasetNames.get(id);
          return name ? (
            <Link component={RouterLink} to={datasetHref(id)} underline="hover">
              {name}
            </Link>
          ) : (
            <Tooltip
              title={`The platform has no dataset with id ${id}: deleted, or not readable`}
              describeChild
            >
              <Box
                component="span"
                tabIndex={0}
                sx={{ color: 'text.secondary', fontStyle: 'italic' }}
              >
                Dataset not found
              </Box>
            </Tooltip>
          );
        },
      },
      { field: 'dataType', headerName: 'Data type', width: 120 },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        renderCell: ({ row }) => (
          <StatusChip
            label={
              row.status === 'VALID' ? 'Valid' : row.status === 'INVALID' ? 'Invalid' : row.status
            }
            tone={row.status === 'INVALID' ? 'error' : 'success'}
          />
        ),
      },
      {
        field: 'lastModified',
        headerName: 'Last modified',
        width: 170,
        renderCell: ({ row }) => <DateTime value={row.lastModified} />,
      },
      {
        field: 'locked',
        headerName: 'Locked',
        width: 100,
        renderCell: ({ row }) => (
          <LockSwitch
            field={row}
            disabled={pendingLockId === row.id}
            permission={mayChange(row.id)}
            onChange={(locked) => onLockChange(row, locked)}
          />
        ),
      },
    ],
    [datasetNames, pendingLockId, fieldHref, datasetHref, onLockChange, mayChange],
  );

  const sortField = state.sort?.field;
  const sortDirection = state.sort?.direction;
  const sortModel: GridSortModel = useMemo(
    () => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []),
    [sortField, sortDirection],
  );
  const selectionModel: GridRowSelectionModel = useMemo(
    () => ({ type: 'include', ids: new Set(selection) }),
    [selection],
  );
  const paginationModel = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize }),
    [state.page, state.pageSize],
  );

  const changePagination = (model: GridPaginationModel) => {
    if (model.pageSize !== state.pageSize && isPageSize(model.pageSize))
      props.onPageSizeChange(model.pageSize);
    else if (model.page !== state.page) props.onPageChange(model.page);
  };
  const changeSort = (model: GridSortModel) => {
    const first = model[0];
    const next =
      first?.sort && isSortField(first.field)
        ? { field: first.field, direction: first.sort }
        : null;
    if (next?.field !== state.sort?.field || next?.direction !== state.sort?.direction)
      props.onSortChange(next);
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: { xs: 560, md: 'calc(100vh - 430px)' },
        minHeight: 420,
      }}
    >
      <DataGrid
        label="Calculated fields"
        rows={rows}
        columns={columns}
        density="compact"
        pagination
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        rowCount={total}
        pageSizeOptions={PAGE_SIZES}
        paginationModel={paginationModel}
        onPaginationModelChange={changePagination}
        sortModel={sortModel}
        onSortModelChange={changeSort}
        sortingOrder={['asc', 'desc', null]}
        checkboxSelection
        keepNonExistentRowsSelected
        hideFooterSelectedRowCount
        disableRowSelectionOnClick
        disableRowSelectionExcludeModel
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={(model) => props.onSelectionChange([...model.ids].map(Number))}
        loading={loading}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{ '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
      />
    </Box>
  );
}
