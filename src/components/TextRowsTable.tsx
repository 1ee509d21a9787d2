import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface TextRowsTableProps {
  /** The table's accessible name ("First rows of data.csv"). */
  label: string;
  /** The header row: a CSV file's first line. */
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** The box's height, past which it scrolls with the header kept in sight. */
  maxHeight?: number | string;
  /** Said in the box when there is no row. */
  empty?: string;
}

/**
 * Rows of text under a header row, as a file holds them (an export's file, a CSV revision): the
 * one preview of a file's first rows. A short row still draws every column, so the grid stays
 * whole; a long cell wraps at a readable width. The box scrolls both ways and takes the keyboard's
 * focus, so it scrolls without a mouse.
 */
export function TextRowsTable({
  label,
  header,
  rows,
  maxHeight = 560,
  empty = 'No rows.',
}: TextRowsTableProps) {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const cells = (row: readonly string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  return (
    <TableContainer
      role="region"
      aria-label={`${label}, scrollable`}
      tabIndex={0}
      sx={{ maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {cells(header).map((cell, i) => (
              <TableCell key={i} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            <TableRow key={r}>
              {cells(row).map((cell, i) => (
                <TableCell key={i} sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length === 0 && <Typography sx={{ p: 2, color: 'text.secondary' }}>{empty}</Typography>}
    </TableContainer>
  );
}
