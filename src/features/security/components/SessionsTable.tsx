import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ConsoleSession } from '../../../api/contract';
import {
  actionsColumn,
  DataTable,
  DateTime,
  StatusChip,
  type DataColumn,
  type DataTablePager,
} from '../../../components';
import { endSessionLabel, type SessionPlace } from '../lib/session-ending';

export const SESSIONS_PAGE_SIZE = 25;

export interface SessionsTableProps {
  /** The page's sessions, of pages of SESSIONS_PAGE_SIZE. */
  sessions: ConsoleSession[];
  pager: DataTablePager;
  placeOf: (session: ConsoleSession) => SessionPlace;
  onEnd: (session: ConsoleSession) => void;
}

export function SessionsTable({ sessions, pager, placeOf, onEnd }: SessionsTableProps) {
  const columns: DataColumn<ConsoleSession>[] = [
    {
      key: 'person',
      header: 'Person',
      rowHeader: true,
      sx: { fontWeight: 500 },
      cell: (s) => (
        // Squeezed, the chip goes under the name rather than breaking it.
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {s.user.displayName}
          </Box>
          {placeOf(s) === 'this-browser' && <StatusChip label="This browser" tone="info" />}
        </Stack>
      ),
    },
    {
      key: 'signedIn',
      header: 'Signed in',
      nowrap: true,
      cell: (s) => <DateTime value={s.signedIn} />,
    },
    {
      key: 'lastUsed',
      header: 'Last active',
      nowrap: true,
      cell: (s) => <DateTime value={s.lastUsed} fallback="Not yet" />,
    },
    {
      key: 'expires',
      header: 'Expires',
      nowrap: true,
      cell: (s) => <DateTime value={s.expires} />,
    },
    actionsColumn((s) => (
      <Button
        size="small"
        color="error"
        aria-label={endSessionLabel(s, placeOf(s))}
        onClick={() => onEnd(s)}
      >
        End session
      </Button>
    )),
  ];
  return (
    <DataTable label="Sessions" frame="none" columns={columns} rows={sessions} pager={pager} />
  );
}
