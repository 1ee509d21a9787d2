import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useDataset, useIndexedSchema } from '../../../api/datasets';
import { isExportRunning, useExportHistory } from '../../../api/exports';
import { DateTime, EmptyState, PageState, Section } from '../../../components';
import { plural } from '../../../lib/format';
import { ExportDetails } from '../components/ExportDetails';
import { ExportForm } from '../components/ExportForm';
import { ExportHistoryTable } from '../components/ExportHistoryTable';
import { useExportForm, type ExportFormState } from '../hooks/use-export-form';
import { useNow } from '../../../hooks/use-now';
import { exportPath } from '../../../lib/paths';
import type { Dataset } from '../../../api/contract';

/**
 * What the platform did with the request, in the page's flow above the form (not a toast over
 * its help text): started, or an export it returned instead (rule 4.6a); each links to its page.
 */
function OutcomeNotice({ state, datasetId }: { state: ExportFormState; datasetId: string }) {
  const { outcome, dismissOutcome } = state;
  if (!outcome) return null;
  const open = (
    <Link component={RouterLink} to={exportPath(datasetId, outcome.record.exportId)}>
      Open the export
    </Link>
  );
  return (
    <Alert
      severity={outcome.kind === 'started' ? 'success' : 'info'}
      onClose={dismissOutcome}
      sx={{ mb: 2 }}
      role="status"
    >
      {outcome.kind === 'started' ? (
        <>
          <AlertTitle>Export started</AlertTitle>
          It runs in the background; follow it below. {open}
        </>
      ) : outcome.kind === 'unchanged' ? (
        <>
          <AlertTitle>No new export: the data has not changed</AlertTitle>
          The platform returned the export of <DateTime value={outcome.record.started} /> instead of
          writing the same rows again. To write them anyway, clear “Reuse an unchanged export”.{' '}
          {open}
        </>
      ) : (
        <>
          <AlertTitle>An export of this dataset was already running</AlertTitle>
          It started <DateTime value={outcome.record.started} />; the platform runs one export of a
          dataset at a time, so it returned that one. Follow it below. {open}
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
  const now = useNow(running);
  const [latest, ...earlier] = history.data ?? [];
  const columns = schema.data?.tables.flatMap((t) => t.columns.map((c) => c.name));

  return (
    <>
      <Section
        title="New export"
        description="Writes the dataset’s rows as CSV to an object-storage bucket, in the background."
      >
        <OutcomeNotice state={state} datasetId={dataset.id} />
        <ExportForm dataset={dataset} state={state} columns={columns} running={running} />
      </Section>
      <Section
        title={running ? 'Running export' : 'Latest export'}
        actions={
          latest && (
            <Button component={RouterLink} to={exportPath(dataset.id, latest.exportId)}>
              Open its page
            </Button>
          )
        }
      >
        <PageState
          query={history}
          loading={{ label: 'Loading exports', variant: 'details', rows: 5 }}
          empty={() =>
            !latest && (
              <EmptyState
                title="This dataset has not been exported yet"
                description="Start an export above; its progress and result appear here."
              />
            )
          }
        >
          {latest && <ExportDetails record={latest} now={now} />}
        </PageState>
      </Section>
      {earlier.length > 0 && (
        <Section title="Earlier exports" description={plural(earlier.length, 'export')}>
          <ExportHistoryTable
            label="Earlier exports"
            now={now}
            rows={earlier.map((record) => ({
              key: record.exportId,
              record,
              datasetId: dataset.id,
            }))}
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
  return (
    <PageState query={dataset} loading={{ label: 'Loading dataset', rows: 3 }}>
      {(found) => <ExportsOfDataset dataset={found} />}
    </PageState>
  );
}
