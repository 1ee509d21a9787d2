import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { IndexedSchema } from '../../../api/contract';

type Column = IndexedSchema['tables'][number]['columns'][number];

/** 2.5: the indexed schema's columns, in their order; hidden ones are marked. */
export function SchemaTable({ columns, busy }: { columns: Column[]; busy: boolean }) {
  if (columns.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The schema has no columns to show.
      </Typography>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Schema columns" aria-busy={busy} size="small">
        <TableHead>
          <TableRow>
            <TableCell align="right" sx={{ width: 56 }}>
              #
            </TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Visibility</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...columns]
            .sort((a, b) => a.order - b.order)
            .map((column) => (
              <TableRow key={column.id}>
                <TableCell align="right" sx={{ color: 'text.secondary' }}>
                  {column.order + 1}
                </TableCell>
                <TableCell>{column.name}</TableCell>
                <TableCell>
                  <code>{column.type}</code>
                </TableCell>
                <TableCell>
                  {column.visible ? (
                    'Visible'
                  ) : (
                    <Chip size="small" variant="outlined" color="warning" label="Hidden" />
                  )}
                </TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
