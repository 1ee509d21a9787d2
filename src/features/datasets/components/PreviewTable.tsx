import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo } from 'react';
import type { QueryResult } from '../../../api/contract';
import { decimalsOf } from '../../../lib/format';
import { CellText, NUMERIC_TYPES } from './cell-format';

/** The rows a query answered, as the platform sent them; scrolls both ways inside its box. */
export function PreviewTable({
  result,
  types = new Map(),
}: {
  result: QueryResult;
  /** Column types from the schema: numbers right-aligned with even decimals, dates formatted. */
  types?: Map<string, string>;
}) {
  const shape = useMemo(
    () =>
      result.columns.map((name, i) => {
        const type = types.get(name);
        const values = result.rows.map((r) => r[i]);
        const numeric =
          NUMERIC_TYPES.has(type ?? '') ||
          (values.length > 0 && values.every((v) => v === null || typeof v === 'number'));
        return { type, numeric, decimals: numeric ? decimalsOf(values) : 0 };
      }),
    [result, types],
  );
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
              <TableCell
                key={`${name}-${i}`}
                align={shape[i]?.numeric ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap' }}
              >
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
                  align={shape[c]?.numeric ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  <CellText
                    value={value}
                    type={shape[c]?.type}
                    decimals={shape[c]?.decimals ?? 0}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
