import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { Workflow } from '../../../api/contract';
import {
  DataTable,
  DateTime,
  LastRunCell,
  UserName,
  type DataColumn,
  type DataTablePager,
} from '../../../components';
import { formatCount } from '../../../lib/format';
import { runPath, workflowPath } from '../../../lib/paths';
import { RunStatusChip } from './RunStatusChip';

function LastRun({ run }: { run: Workflow['lastRun'] }) {
  return (
    <LastRunCell status={run && <RunStatusChip status={run.status} />}>
      {run && (
        <Link component={RouterLink} to={runPath(run.id)} variant="body2">
          <DateTime value={run.finishedAt ?? run.startedAt} />
        </Link>
      )}
    </LastRunCell>
  );
}

const columns: DataColumn<Workflow>[] = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    sx: { minWidth: 180 },
    cell: (w) => (
      <Link component={RouterLink} to={workflowPath(w.id)}>
        {w.name}
      </Link>
    ),
  },
  {
    key: 'description',
    header: 'Description',
    sx: { color: 'text.secondary', maxWidth: 460 },
    cell: (w) => w.description || '—',
  },
  { key: 'version', header: 'Version', align: 'right', cell: (w) => formatCount(w.version) },
  { key: 'owner', header: 'Owner', nowrap: true, cell: (w) => <UserName id={w.owner} /> },
  { key: 'last', header: 'Last run', nowrap: true, cell: (w) => <LastRun run={w.lastRun} /> },
];

/** Workflows in pages of WORKFLOWS_PAGE_SIZE. */
export function WorkflowsTable({
  workflows,
  pager,
}: {
  workflows: Workflow[];
  pager: DataTablePager;
}) {
  return (
    <DataTable
      label="Workflows"
      frame="none"
      columns={columns}
      rows={workflows}
      rowKey={(w) => w.id}
      pager={pager}
    />
  );
}
