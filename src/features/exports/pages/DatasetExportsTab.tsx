import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useDataset, useIndexedSchema } from '../../../api/datasets';
import { isExportRunning, useExportHistory } from '../../../api/exports';
import { DateTime, EmptyState, ErrorState, LoadingState, Section } from '../../../components';
import { plural } from '../../../lib/format';
import { ExportDetails } from '../components/ExportDetails';
import { ExportForm } from '../components/ExportForm';
import { ExportHistoryTable } from '../components/ExportHistoryTable';
import { useExportForm, type ExportFormState } from '../hooks/use-export-form';
import { useNow } from '../hooks/use-now';
import type { Dataset } from '../../../api/contract';

function OutcomeNotice({ state }: { state: ExportFormState }) {
  const { outcome, dismissOutcome } = state;
  if (!outcome || outcome.kind === 'started') return null;
  return (
    <Alert severity="info" onClose={dismissOutcome} sx={{ mb: 2 }}>
      {outcome.kind === 'unchanged' ? (
        <>
          <AlertTitle>No new export: the data has not changed</AlertTitle>
          The platform returned the export of <DateTime value={outcome.record.started} /> instead of
          writing the same rows again. To write them anyway, clear “Reuse an unchanged export”.
        </>
      ) : (
        <>
          <AlertTitle>An export of this dataset was already running</AlertTitle>
          It started <DateTime value={outcome.record.started} />; the platform runs one export of a
          dataset at a time, so it returned that one. Follow it below.
        </>
      )}
    </Alert>
  );
}

function ExportsOfDataset({ dataset }: { dataset: Dataset }) {
  const history = useExportHistory(dataset.id);
  const schema = useIndexedSchema(dataset.id, true);
  const state = useExportForm(dataset);
  const running = isExportRunning(history.data);
  const now = useNow(1_000, running);
  const [latest, ...earlier] = history.data ?? [];
  const columns = schema.data?.tables.flatMap((t) => t.columns.map((c) => c.name));

  return (
    <>
      <Section
        title="New export"
        description="Writes the dataset’s rows as CSV to an object-storage bucket, in the background."
      >
        <OutcomeNotice state={state} />
        <ExportForm dataset={dataset} state={state} columns={columns} running={running} />
      </Section>
      <Section title={running ? 'Running export' : 'Latest export'}>
        {history.data ? (
          latest ? (
            <ExportDetails record={latest} now={now} />
          ) : (
            <EmptyState
              title="This dataset has not been exported yet"
              description="Start an export above; its progress and result appear here."
            />
          )
        ) : history.isError ? (
          <ErrorState error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <LoadingState label="Loading exports" variant="details" rows={5} />
        )}
      </Section>
      {earlier.length > 0 && (
        <Section title="Earlier exports" description={plural(earlier.length, 'export')}>
          <ExportHistoryTable
            label="Earlier exports"
            now={now}
            rows={earlier.map((record) => ({ key: record.exportId, record }))}
          />
        </Section>
      )}
    </>
  );
}

/** The dataset page's Exports tab (4.6, 4.6a, 2.4). */
export function DatasetExportsTab() {
  const { datasetId = '' } = useParams();
  const dataset = useDataset(datasetId);
  if (dataset.data) return <ExportsOfDataset dataset={dataset.data} />;
  if (dataset.isError) return <ErrorState error={dataset.error} />;
  return <LoadingState label="Loading dataset" rows={3} />;
}
