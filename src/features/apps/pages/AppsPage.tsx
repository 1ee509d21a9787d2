import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useApps } from '../../../api/apps';
import type { App } from '../../../api/contract/apps';
import {
  DataTable,
  DateTime,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  type DataColumn,
} from '../../../components';
import { formatCount } from '../../../lib/format';
import { AppState } from '../components/AppState';
import { DeclareAppHelp } from '../components/DeclareAppHelp';
import { appPath } from '../paths';

const columns: DataColumn<App>[] = [
  {
    key: 'name',
    header: 'App',
    rowHeader: true,
    cell: (app) => (
      <>
        <Link component={RouterLink} to={appPath(app.id)} sx={{ fontWeight: 500 }}>
          {app.manifest?.name ?? app.id}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {app.id}
        </Typography>
      </>
    ),
  },
  {
    key: 'source',
    header: 'Declared by',
    cell: (app) => (app.source === 'file' ? 'Manifest file' : 'Apps API'),
  },
  {
    key: 'collections',
    header: 'Collections',
    align: 'right',
    cell: (app) => (app.manifest ? formatCount(app.manifest.collections.length) : '—'),
  },
  { key: 'state', header: 'State', cell: (app) => <AppState app={app} /> },
  {
    key: 'last',
    header: 'Last call',
    nowrap: true,
    cell: (app) => <DateTime value={app.recentCalls[0]?.at} fallback="Never" />,
  },
];

/** The custom apps this platform serves, declared by a manifest (issue 28). */
export function AppsPage() {
  const apps = useApps();
  let body;
  if (apps.isPending) body = <LoadingState label="Loading apps" />;
  else if (apps.isError)
    body = <ErrorState error={apps.error} onRetry={() => void apps.refetch()} />;
  else if (apps.data.length === 0)
    body = <EmptyState title="No app is declared" description={<DeclareAppHelp />} />;
  else
    body = (
      <DataTable
        label="Apps"
        frame="none"
        columns={columns}
        rows={apps.data}
        rowKey={(app) => app.id}
      />
    );
  return (
    <>
      <PageHeader
        title="Apps"
        subtitle="Custom apps that call the platform's app paths, what each maps and what it called."
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        {body}
      </Paper>
    </>
  );
}
