import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Workflow } from '../../../api/contract';
import { DataTable, DateTime, UserName, type DataColumn } from '../../../components';
import { formatCount } from '../../../lib/format';
import { WORKFLOWS_PAGE_SIZE } from '../hooks/use-workflows-list';
import { runPath, workflowPath } from '../paths';
import { RunStatusChip } from './RunStatusChip';

function LastRun({ run }: { run: Workflow['lastRun'] }) {
  if (!run)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Never run
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RunStatusChip status={run.status} />
      <Link component={RouterLink} to={runPath(run.id)} variant="body2">
        <DateTime value={run.finishedAt ?? run.startedAt} />
      </Link>
    </Stack>
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

export function WorkflowsTable({
  workflows,
  page,
  total,
  onPage,
}: {
  workflows: Workflow[];
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <DataTable
      label="Workflows"
      frame="none"
      columns={columns}
      rows={workflows}
      rowKey={(w) => w.id}
      pager={{ page, pageSize: WORKFLOWS_PAGE_SIZE, total, onPageChange: onPage }}
    />
  );
}
