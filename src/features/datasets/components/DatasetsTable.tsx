import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { Dataset } from '../../../api/contract';
import { DateTime } from '../../../components';
import { PAGE_SIZES, type DatasetSort, type SortOrder } from '../hooks/use-dataset-list-params';
import { datasetPath } from '../paths';
import { CertifiedBadge } from './CertifiedBadge';
import { DatasetSource } from './DatasetSource';
import { formatCount } from './format';

export interface DatasetsTableProps {
  datasets: Dataset[];
  sort: DatasetSort;
  order: SortOrder;
  onSort: (sort: DatasetSort) => void;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Another page, sort or search is loading; the current rows stay until it arrives. */
  updating: boolean;
}

function SortableHeader({
  field,
  label,
  align,
  sort,
  order,
  onSort,
}: Pick<DatasetsTableProps, 'sort' | 'order' | 'onSort'> & {
  field: DatasetSort;
  label: string;
  align?: 'right';
}) {
  const active = sort === field;
  return (
    <TableCell align={align} sortDirection={active ? order : false} sx={{ whiteSpace: 'nowrap' }}>
      <TableSortLabel
        active={active}
        direction={active ? order : 'asc'}
        onClick={() => onSort(field)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

export function DatasetsTable(props: DatasetsTableProps) {
  const { datasets, page, pageSize, hasNextPage, updating } = props;
  const sorting = { sort: props.sort, order: props.order, onSort: props.onSort };
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{updating && <LinearProgress aria-label="Updating datasets" />}</Box>
      <TableContainer>
        <Table aria-label="Datasets" aria-busy={updating} size="small">
          <TableHead>
            <TableRow>
              <SortableHeader field="name" label="Name" {...sorting} />
              <SortableHeader field="rowCount" label="Rows" align="right" {...sorting} />
              <TableCell align="right">Columns</TableCell>
              <TableCell>Source</TableCell>
              <SortableHeader field="created" label="Created" {...sorting} />
              <SortableHeader field="lastUpdated" label="Updated" {...sorting} />
            </TableRow>
          </TableHead>
          <TableBody>
            {datasets.map((dataset) => (
              <TableRow key={dataset.id} hover>
                <TableCell sx={{ minWidth: 200, maxWidth: 480 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Link
                      component={RouterLink}
                      to={datasetPath(dataset.id)}
                      sx={{ fontWeight: 500 }}
                    >
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
                </TableCell>
                <TableCell align="right">{formatCount(dataset.rowCount)}</TableCell>
                <TableCell align="right">{formatCount(dataset.columnCount)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DatasetSource datasetId={dataset.id} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime value={dataset.created} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime value={dataset.lastUpdated} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={hasNextPage ? -1 : page * pageSize + datasets.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => props.onPageChange(next)}
        onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
        labelRowsPerPage="Datasets per page"
        sx={{
          // On a phone the page size gives way to the page controls.
          '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
            display: { xs: 'none', sm: 'inline-flex' },
          },
        }}
      />
    </Paper>
  );
}
