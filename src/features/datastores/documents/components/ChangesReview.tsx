import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { JsonObject } from '../../../../api/contract';
import { NoValue } from '../../../../components/NoValue';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The top-level fields whose value differs, in the order of the new content, then removed ones. */
export function contentChanges(before: JsonObject, after: JsonObject): FieldChange[] {
  const fields = [...Object.keys(after), ...Object.keys(before).filter((k) => !(k in after))];
  return fields
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

const shown = (value: unknown) =>
  value === undefined ? (
    <NoValue>absent</NoValue>
  ) : (
    <code style={{ overflowWrap: 'anywhere' }}>{JSON.stringify(value)}</code>
  );

/** What saving will change, field by field: before and after. */
export function ChangesReview({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0)
    return <Typography role="status">Nothing has changed: there is nothing to save.</Typography>;
  return (
    <Table size="small" aria-label="Changes to save">
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((c) => (
          <TableRow key={c.field}>
            <TableCell component="th" scope="row">
              {c.field}
            </TableCell>
            <TableCell sx={{ bgcolor: c.before === undefined ? undefined : 'action.hover' }}>
              {shown(c.before)}
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{shown(c.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
