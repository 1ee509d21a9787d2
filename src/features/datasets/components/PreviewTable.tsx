import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { QueryResult } from '../../../api/contract';

function Cell({ value }: { value: unknown }) {
  if (value === null || value === undefined)
    return (
      <Typography
        component="span"
        variant="body2"
        sx={{ color: 'text.disabled', fontStyle: 'italic' }}
      >
        null
      </Typography>
    );
  return <>{typeof value === 'string' ? value : JSON.stringify(value)}</>;
}

/** The rows a query answered, as the platform sent them; scrolls both ways inside its box. */
export function PreviewTable({ result }: { result: QueryResult }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      aria-label="Preview rows, scrollable"
      sx={{ maxHeight: 440 }}
    >
      <Table aria-label="Preview of the first rows" size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {result.columns.map((name, i) => (
              <TableCell key={`${name}-${i}`} sx={{ whiteSpace: 'nowrap' }}>
                {name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row, r) => (
            <TableRow key={r} hover>
              {row.map((value, c) => (
                <TableCell
                  key={c}
                  sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  <Cell value={value} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
