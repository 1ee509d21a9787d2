import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CollectionColumn } from '../../../api/contract';

export function SchemaTable({ columns }: { columns: CollectionColumn[] }) {
  if (columns.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This collection has no schema columns.
      </Typography>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Schema columns" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column) => (
            <TableRow key={column.name}>
              <TableCell>{column.name}</TableCell>
              <TableCell>
                <code>{column.type}</code>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
