import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Dataset } from '../../../api/contract';
import {
  DataTable,
  DateTime,
  type DataColumn,
  type DataTablePager,
  type DataTableSort,
} from '../../../components';
import type { DatasetSort } from '../lib/list-params';
import { datasetPath } from '../../../lib/paths';
import { CertifiedBadge } from './CertifiedBadge';
import { DatasetSource } from './DatasetSource';
import { formatCount } from './format';

export interface DatasetsTableProps {
  datasets: Dataset[];
  sort: DataTableSort<DatasetSort>;
  /** The page, its size and the sizes offered, and whether another follows. */
  pager: DataTablePager;
  /** Another page, sort or search is loading; the current rows stay until it arrives. */
  updating: boolean;
}

function NameCell({ dataset }: { dataset: Dataset }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={datasetPath(dataset.id)} sx={{ fontWeight: 500 }}>
          {dataset.name}
        </Link>
        <CertifiedBadge datasetId={dataset.id} />
      </Box>
      {dataset.description && (
        // Wraps, at most two lines: a one-line description set the column's width
        // and pushed the dates out of a 1280 px window.
        <Typography
          variant="body2"
          title={dataset.description}
          sx={{
            color: 'text.secondary',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {dataset.description}
        </Typography>
      )}
    </>
  );
}

const columns: DataColumn<Dataset, DatasetSort>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    sx: { minWidth: 200, maxWidth: 480 },
    cell: (dataset) => <NameCell dataset={dataset} />,
  },
  {
    key: 'rows',
    header: 'Rows',
    align: 'right',
    sortField: 'rowCount',
    cell: (dataset) => formatCount(dataset.rowCount),
  },
  {
    key: 'columns',
    header: 'Columns',
    align: 'right',
    cell: (dataset) => formatCount(dataset.columnCount),
  },
  {
    key: 'source',
    header: 'Source',
    nowrap: true,
    cell: (dataset) => <DatasetSource datasetId={dataset.id} />,
  },
  {
    key: 'created',
    header: 'Created',
    sortField: 'created',
    nowrap: true,
    cell: (dataset) => <DateTime value={dataset.created} />,
  },
  {
    key: 'updated',
    header: 'Updated',
    sortField: 'lastUpdated',
    nowrap: true,
    cell: (dataset) => <DateTime value={dataset.lastUpdated} />,
  },
];

export function DatasetsTable(props: DatasetsTableProps) {
  return (
    <DataTable
      label="Datasets"
      columns={columns}
      rows={props.datasets}
      rowKey={(dataset) => dataset.id}
      sort={props.sort}
      updating={props.updating}
      pager={{ ...props.pager, pageSizeLabel: 'Datasets per page' }}
    />
  );
}
