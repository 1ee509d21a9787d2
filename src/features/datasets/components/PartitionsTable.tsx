import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { Partition } from '../../../api/contract';
import { DateTime, GuardedAction } from '../../../components';
import { formatCount } from './format';
import { IdText } from './IdText';
import { visuallyHidden } from './visually-hidden';

export function PartitionsTable({
  datasetId,
  partitions,
  onDelete,
}: {
  datasetId: string;
  partitions: Partition[];
  onDelete: (partition: Partition) => void;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Partitions" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Partition</TableCell>
            <TableCell align="right">Rows</TableCell>
            <TableCell>Created</TableCell>
            <TableCell align="right">Data version</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {partitions.map((partition) => (
            <TableRow key={partition.partitionId} hover>
              <TableCell>
                <IdText value={partition.partitionId} />
              </TableCell>
              <TableCell align="right">{formatCount(partition.rowCount)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DateTime value={partition.createdAt} />
              </TableCell>
              <TableCell align="right">{partition.dataVersion}</TableCell>
              <TableCell align="right" sx={{ py: 0 }}>
                <GuardedAction datasetId={datasetId} operation="edit" title="Delete partition">
                  <IconButton
                    size="small"
                    aria-label={`Delete partition ${partition.partitionId}`}
                    onClick={() => onDelete(partition)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </GuardedAction>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
