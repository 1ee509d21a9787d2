import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useApp } from '../../../api/apps';
import {
  DefinitionList,
  ErrorState,
  JsonView,
  LoadingState,
  PageHeader,
  Section,
} from '../../../components';
import {
  AliasTable,
  AppCollections,
  datasetAliases,
  datasetHref,
  workflowAliases,
  workflowHref,
} from '../components/AppMapping';
import { AppState } from '../components/AppState';
import { CallsTable } from '../components/CallsTable';
import { appsPath, datastoreHref } from '../paths';

/** One app: what it maps (linked to the screens that own them) and what it called. */
export function AppPage() {
  const id = useParams().appId ?? '';
  const app = useApp(id);
  const crumbs = [{ label: 'Apps', to: appsPath() }];
  if (app.isPending)
    return (
      <>
        <PageHeader title={undefined} breadcrumbs={crumbs} />
        <LoadingState label="Loading the app" />
      </>
    );
  if (app.isError)
    return (
      <>
        <PageHeader title={id} breadcrumbs={crumbs} />
        <ErrorState error={app.error} onRetry={() => void app.refetch()} />
      </>
    );
  const { data } = app;
  const manifest = data.manifest;
  return (
    <>
      <PageHeader title={manifest?.name ?? data.id} breadcrumbs={crumbs} />
      <Stack spacing={3}>
        {data.problem && (
          <Alert severity="error" title="The manifest cannot be used">
            {data.problem}. Its calls answer 400 until the manifest is fixed.
          </Alert>
        )}
        <DefinitionList
          items={[
            { label: 'App id', value: data.id },
            { label: 'Declared by', value: data.source === 'file' ? 'Manifest file' : 'Apps API' },
            { label: 'State', value: <AppState app={data} /> },
            {
              label: 'Datastore',
              value: data.datastoreId ? (
                <Link component={RouterLink} to={datastoreHref(data.datastoreId)}>
                  {manifest?.datastore ?? manifest?.name ?? data.id}
                </Link>
              ) : (
                'Created on the first call'
              ),
            },
          ]}
        />
        {manifest && (
          <>
            <Section title="Collections">
              <AppCollections app={{ ...data, manifest }} />
            </Section>
            <Section title="Datasets">
              <AliasTable label="Datasets" aliases={datasetAliases(manifest)} href={datasetHref} />
            </Section>
            <Section title="Workflows">
              <AliasTable
                label="Workflows"
                aliases={workflowAliases(manifest)}
                href={workflowHref}
              />
            </Section>
          </>
        )}
        <Section title="Recent calls">
          <CallsTable calls={data.recentCalls} />
        </Section>
        {manifest && (
          <Section title="Manifest">
            <JsonView value={manifest} label="Manifest" />
          </Section>
        )}
      </Stack>
    </>
  );
}
