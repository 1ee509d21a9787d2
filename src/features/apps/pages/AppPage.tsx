import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useApp } from '../../../api/apps';
import type { App } from '../../../api/contract/apps';
import { DefinitionList, JsonView, PageHeader, PageState, Section } from '../../../components';
import {
  AliasTable,
  AppCollections,
  datasetAliases,
  workflowAliases,
} from '../components/AppMapping';
import { AppState } from '../components/AppState';
import { CallsTable } from '../components/CallsTable';
import { appsPath, datasetPath, datastorePath, workflowPath } from '../../../lib/paths';

/** One app: what it maps (linked to the screens that own them) and what it called. */
export function AppPage() {
  const id = useParams().appId ?? '';
  const app = useApp(id);
  const crumbs = [{ label: 'Apps', to: appsPath() }];
  const title = app.data ? (app.data.manifest?.name ?? app.data.id) : app.isError ? id : undefined;
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <PageState query={app} loading="Loading the app">
        {(data) => <AppDetails data={data} />}
      </PageState>
    </>
  );
}

function AppDetails({ data }: { data: App }) {
  const manifest = data.manifest;
  return (
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
              <Link component={RouterLink} to={datastorePath(data.datastoreId)}>
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
            <AliasTable label="Datasets" aliases={datasetAliases(manifest)} href={datasetPath} />
          </Section>
          <Section title="Workflows">
            <AliasTable label="Workflows" aliases={workflowAliases(manifest)} href={workflowPath} />
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
  );
}
