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
import Typography from '@mui/material/Typography';
import type { FileMetadata } from '../../../api/contract/files';
import { DateTime, UserName } from '../../../components';
import { formatBytes } from '../../../lib/format';
import { PAGE_SIZES } from '../hooks/use-data-file-list-params';
import { dataFilePath } from '../paths';
import { ScanStateChip } from './ScanStateChip';

export interface DataFilesTableProps {
  files: FileMetadata[];
  page: number;
  pageSize: number;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Another page or search is loading; the current rows stay until it arrives. */
  updating: boolean;
}

export function DataFilesTable(props: DataFilesTableProps) {
  const { files, page, pageSize, hasNextPage, updating } = props;
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>
        {updating && <LinearProgress aria-label="Updating data files" />}
      </Box>
      <TableContainer>
        <Table aria-label="Data files" aria-busy={updating} size="small">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell>Content type</TableCell>
              <TableCell>Scan</TableCell>
              <TableCell>Owner</TableCell>
              <TableCell>Last upload</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => {
              const current = file.currentRevision;
              return (
                <TableRow key={file.dataFileId} hover>
                  <TableCell sx={{ maxWidth: { xs: 200, sm: 420 } }}>
                    <Link
                      component={RouterLink}
                      to={dataFilePath(file.dataFileId)}
                      sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                    >
                      {file.name}
                    </Link>
                    {file.description && (
                      <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                        {file.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {current ? formatBytes(current.sizeBytes) : '—'}
                  </TableCell>
                  <TableCell>{current?.contentType ?? '—'}</TableCell>
                  <TableCell>
                    {current ? <ScanStateChip state={current.scanState} /> : '—'}
                  </TableCell>
                  <TableCell>
                    <UserName id={file.responsibleUserId} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <DateTime value={current?.datetimeUploaded ?? file.datetimeCreated} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={hasNextPage ? -1 : page * pageSize + files.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => props.onPageChange(next)}
        onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
        labelRowsPerPage="Data files per page"
      />
    </Paper>
  );
}
