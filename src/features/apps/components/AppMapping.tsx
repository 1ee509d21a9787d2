import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import type { App, AppManifest } from '../../../api/contract/apps';
import type { Collection } from '../../../api/contract/datastores';
import { useDataset } from '../../../api/datasets';
import { collectionsQueryOptions } from '../../../api/datastores';
import { useWorkflow } from '../../../api/workflows';
import { DataTable, type DataColumn } from '../../../components';
import { formatCount } from '../../../lib/format';
import { collectionPath } from '../../../lib/paths';

type ManifestCollection = AppManifest['collections'][number];
interface CollectionRow {
  name: string;
  declared: ManifestCollection | undefined;
  found: Collection | undefined;
}

/**
 * The app's collections: the manifest's, and any the app created since, each linked to its
 * screen once the app's datastore exists.
 */
export function AppCollections({ app }: { app: App & { manifest: AppManifest } }) {
  const existing = useQuery({
    ...collectionsQueryOptions(app.datastoreId ?? ''),
    enabled: Boolean(app.datastoreId),
  });
  const found = app.datastoreId ? (existing.data ?? []) : [];
  const names = [
    ...new Set([...app.manifest.collections.map((c) => c.name), ...found.map((c) => c.name)]),
  ];
  const rows: CollectionRow[] = names.map((name) => ({
    name,
    declared: app.manifest.collections.find((c) => c.name === name),
    found: found.find((c) => c.name === name),
  }));
  const columns: DataColumn<CollectionRow>[] = [
    {
      key: 'name',
      header: 'Collection',
      rowHeader: true,
      cell: (row) =>
        row.found && app.datastoreId ? (
          <Link component={RouterLink} to={collectionPath(app.datastoreId, row.found.id)}>
            {row.name}
          </Link>
        ) : (
          row.name
        ),
    },
    {
      key: 'columns',
      header: 'Columns',
      align: 'right',
      cell: (row) => formatCount((row.found?.schema ?? row.declared?.schema)?.columns.length ?? 0),
    },
    {
      key: 'origin',
      header: 'Origin',
      cell: (row) =>
        row.declared
          ? row.found
            ? 'Manifest'
            : 'Manifest, created on first call'
          : 'Created by the app',
    },
  ];
  return (
    <DataTable
      label="Collections"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.name}
      empty="The manifest declares no collection."
    />
  );
}

/** A mapped dataset by its name (its id while the name loads, or when it cannot be read). */
function DatasetName({ id }: { id: string }) {
  return <>{useDataset(id).data?.name ?? id}</>;
}
function WorkflowName({ id }: { id: string }) {
  return <>{useWorkflow(id).data?.name ?? id}</>;
}

interface Alias {
  alias: string;
  id: string;
}

/** Datasets or workflows the manifest names by alias, linked to their screens. */
export function AliasTable({
  label,
  aliases,
  href,
}: {
  label: string;
  aliases: Alias[];
  href: (id: string) => string;
}) {
  const columns: DataColumn<Alias>[] = [
    { key: 'alias', header: 'Alias', rowHeader: true, cell: (row) => row.alias },
    {
      key: 'target',
      header: label === 'Datasets' ? 'Dataset' : 'Workflow',
      cell: (row) => (
        <Link component={RouterLink} to={href(row.id)} title={row.id}>
          {label === 'Datasets' ? <DatasetName id={row.id} /> : <WorkflowName id={row.id} />}
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={aliases}
      rowKey={(row) => row.alias}
      empty={`The manifest maps no ${label.toLowerCase()}.`}
    />
  );
}

export const datasetAliases = (manifest: AppManifest) =>
  manifest.mapping.map((m) => ({ alias: m.alias, id: m.dataSetId }));
export const workflowAliases = (manifest: AppManifest) =>
  manifest.workflowMapping.map((m) => ({ alias: m.alias, id: m.modelId }));
