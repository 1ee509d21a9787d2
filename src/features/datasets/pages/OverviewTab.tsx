import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Dataset, Stream } from '../../../api/contract';
import { useCertification, useIndexedSchema, usePreviewRows } from '../../../api/datasets';
import {
  CopyButton,
  DateTime,
  DefinitionList,
  EmptyState,
  ErrorState,
  PageState,
} from '../../../components';
import { CertifiedChip } from '../components/CertifiedChip';
import { formatCount, plural } from '../components/format';
import { IdText } from '../components/IdText';
import { PreviewTable } from '../components/PreviewTable';
import { SchemaTable } from '../components/SchemaTable';
import { Section } from '../../../components/Section';
import { StreamPanel } from '../components/StreamPanel';
import { useDatasetContext } from '../hooks/use-dataset-context';
import { useDatasetStream } from '../hooks/use-dataset-stream';
import { useListController } from '../../../hooks/use-list-controller';
import { schemaViewSpec } from '../lib/list-params';
import { useStreamNames } from '../hooks/use-stream-names';
import { useStreamRun } from '../hooks/use-stream-run';
import { UserName } from '../../../components/UserName';

function Summary({ dataset }: { dataset: Dataset }) {
  const certification = useCertification(dataset.id);
  return (
    <Section title="Summary">
      <DefinitionList
        items={[
          { label: 'Rows', value: formatCount(dataset.rowCount) },
          { label: 'Columns', value: formatCount(dataset.columnCount) },
          {
            label: 'Certification',
            value: certification.data ? (
              <CertifiedChip certification={certification.data} />
            ) : certification.isError ? (
              <Typography component="span" variant="body2" sx={{ color: 'error.main' }}>
                Unknown: {certification.error.message}
              </Typography>
            ) : (
              '…'
            ),
          },
          { label: 'Created', value: <DateTime value={dataset.created} /> },
          { label: 'Updated', value: <DateTime value={dataset.lastUpdated} /> },
          { label: 'Owner', value: <UserName id={dataset.owner} /> },
          {
            label: 'ID',
            value: (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <IdText value={dataset.id} />
                <CopyButton value={dataset.id} label="Copy dataset id" />
              </Stack>
            ),
          },
        ]}
      />
    </Section>
  );
}

function StreamRun({
  stream,
  dataset,
  justCreated,
}: {
  stream: Stream;
  dataset: Dataset;
  justCreated: boolean;
}) {
  const run = useStreamRun(String(stream.id), dataset.id);
  const names = useStreamNames(stream);
  return (
    <StreamPanel
      stream={stream}
      names={names}
      rowCount={dataset.rowCount}
      justCreated={justCreated}
      run={run}
    />
  );
}

function StreamSection({
  dataset,
  found,
}: {
  dataset: Dataset;
  found: ReturnType<typeof useDatasetStream>;
}) {
  if (found.error)
    return (
      <Section title="Stream">
        <ErrorState error={found.error} onRetry={found.refetch} />
      </Section>
    );
  if (!found.stream) return null;
  return (
    <Section title="Stream" description="Where this dataset's rows come from.">
      <StreamRun stream={found.stream} dataset={dataset} justCreated={found.justCreated} />
    </Section>
  );
}

function SchemaSection({ dataset }: { dataset: Dataset }) {
  const view = useListController(schemaViewSpec);
  const showHidden = view.params.hidden;
  const schema = useIndexedSchema(dataset.id, showHidden);
  const columns = schema.data?.tables.flatMap((t) => t.columns) ?? [];
  return (
    <Section
      title="Schema"
      description={schema.data && `${plural(columns.length, 'column')} shown (indexed schema)`}
      actions={
        <FormControlLabel
          control={
            <Switch
              checked={showHidden}
              onChange={(event) => view.setters.hidden(event.target.checked)}
            />
          }
          label="Show hidden columns"
        />
      }
    >
      <PageState query={schema} loading={{ label: 'Loading schema', rows: 4 }}>
        <SchemaTable columns={columns} busy={schema.isPlaceholderData} />
      </PageState>
    </Section>
  );
}

function PreviewSection({ dataset }: { dataset: Dataset }) {
  const preview = usePreviewRows(dataset.id);
  const schema = useIndexedSchema(dataset.id, false);
  const types = useMemo(
    () => new Map(schema.data?.tables[0]?.columns.map((c) => [c.name, c.type]) ?? []),
    [schema.data],
  );
  const shown = preview.data?.numRows ?? 0;
  return (
    <Section
      title="First rows"
      description={
        shown > 0 &&
        (shown >= dataset.rowCount
          ? `All ${plural(shown, 'row')}; hidden columns are left out.`
          : `The first ${formatCount(shown)} of ${plural(dataset.rowCount, 'row')}; hidden columns are left out.`)
      }
    >
      <PageState
        query={preview}
        loading={{ label: 'Loading rows', rows: 6 }}
        empty={() =>
          shown === 0 && (
            <EmptyState
              title="No rows yet"
              description="Rows appear here once a stream has loaded some."
            />
          )
        }
      >
        {(result) => (
          <>
            <PreviewTable result={result} types={types} />
            {shown < dataset.rowCount && (
              <Link component={RouterLink} to="rows" sx={{ display: 'inline-block', mt: 1.5 }}>
                Browse all {plural(dataset.rowCount, 'row')}, sorted and paged
              </Link>
            )}
          </>
        )}
      </PageState>
    </Section>
  );
}

export function OverviewTab() {
  const { dataset } = useDatasetContext();
  const found = useDatasetStream(dataset.id);
  const stream = <StreamSection dataset={dataset} found={found} />;
  // Right after the stream wizard, running the new stream is the next step: it comes first.
  return (
    <>
      {found.justCreated && stream}
      <Summary dataset={dataset} />
      {!found.justCreated && stream}
      <SchemaSection dataset={dataset} />
      <PreviewSection dataset={dataset} />
    </>
  );
}
