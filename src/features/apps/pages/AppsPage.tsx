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
  PageHeader,
  PageState,
  type DataColumn,
} from '../../../components';
import { formatCount } from '../../../lib/format';
import { AppState } from '../components/AppState';
import { DeclareAppHelp } from '../components/DeclareAppHelp';
import { appPath } from '../../../lib/paths';

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

/** The custom apps this platform serves, declared by a manifest. */
export function AppsPage() {
  const apps = useApps();
  return (
    <>
      <PageHeader
        title="Apps"
        subtitle="Custom apps that call the platform's app paths, what each maps and what it called."
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <PageState
          query={apps}
          loading="Loading apps"
          empty={(all) =>
            all.length === 0 && (
              <EmptyState title="No app is declared" description={<DeclareAppHelp />} />
            )
          }
        >
          {(all) => (
            <DataTable
              label="Apps"
              frame="none"
              columns={columns}
              rows={all}
              rowKey={(app) => app.id}
            />
          )}
        </PageState>
      </Paper>
    </>
  );
}
