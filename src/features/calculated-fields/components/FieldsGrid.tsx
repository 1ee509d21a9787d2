import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { type GridColDef } from '@mui/x-data-grid';
import { ServerDataGrid } from '../../../components/ServerDataGrid';
import type { ListGridProps } from '../../../hooks/use-list-controller';
import type { CalculatedField } from '../../../api/contract';
import { DateTime, StatusChip } from '../../../components';
import { datasetIdOf } from '../lib/links';
import { LockSwitch } from './LockSwitch';
import type { DatasetPermission } from '../../../api/access';

export interface FieldsGridProps {
  rows: CalculatedField[];
  total: number;
  loading: boolean;
  /** The list's page and sort: `useListController`'s `grid()`. */
  models: ListGridProps;
  datasetNames: ReadonlyMap<string, string>;
  selection: number[];
  pendingLockId: number | undefined;
  fieldHref: (id: number) => string;
  datasetHref: (id: string) => string;
  onSelectionChange: (ids: number[]) => void;
  onLockChange: (field: CalculatedField, locked: boolean) => void;
  /** Whether the caller may change each field: a switch it may not use is disabled, with the reason. */
  mayChange: (id: number) => DatasetPermission;
}

/** One page of fields, paged, sorted and filtered by the platform; the name opens the field. */
export function FieldsGrid(props: FieldsGridProps) {
  const { rows, total, loading, datasetNames, selection, pendingLockId } = props;
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

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: { xs: 560, md: 'calc(100vh - 430px)' },
        minHeight: 420,
      }}
    >
      <ServerDataGrid
        {...props.models}
        selection={selection}
        label="Calculated fields"
        rows={rows}
        columns={columns}
        rowCount={total}
        checkboxSelection
        keepNonExistentRowsSelected
        hideFooterSelectedRowCount
        disableRowSelectionExcludeModel
        onRowSelectionModelChange={(model) => props.onSelectionChange([...model.ids].map(Number))}
        loading={loading}
      />
    </Box>
  );
}
