import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import { ErrorState, PageHeader, PageState, Section } from '../../../components';
import { ExportFiles } from '../components/ExportFiles';
import { ExportSummary } from '../components/ExportSummary';
import { RetryExport } from '../components/RetryExport';
import { useExportPage } from '../hooks/use-export-page';
import { useNow } from '../../../hooks/use-now';
import { datasetTabPath, exportsDashboardPath } from '../../../lib/paths';
import { livePausedNote } from '../../../lib/format';
import { EXPORT_POLL_MS } from '../../../api/exports';
import type { ExportView } from '../lib/export-view';
import { statusLabels } from '../lib/records';

/** One export: what it did, what it wrote (download, first rows), and Retry when it failed. */
export function ExportPage() {
  const { datasetId = '', exportId = '' } = useParams();
  const { view, error, refetch, missing, livePaused } = useExportPage(datasetId, exportId);
  const running = view?.record.exportStatus === 'running';
  const now = useNow(running);
  const title = view
    ? `Export of ${view.datasetName ?? 'dataset'} · ${statusLabels[view.record.exportStatus]}`
    : undefined;
  const header = (
    <PageHeader
      title={missing || error ? 'Export' : title}
      breadcrumbs={[{ label: 'Export monitoring', to: exportsDashboardPath() }]}
      actions={
        <Button component={RouterLink} to={datasetTabPath(view?.datasetId ?? datasetId, 'exports')}>
          The dataset’s exports
        </Button>
      }
    />
  );
  return (
    <>
      {header}
      {missing ? (
        <ErrorState
          error={new Error(`The dataset’s newest exports do not include ${exportId}.`)}
          title="Export not found"
        />
      ) : (
        <PageState
          query={{ data: view, isError: error !== null, error, refetch }}
          loading={{ label: 'Loading the export', variant: 'details', rows: 8 }}
        >
          {(found) => <ExportDetails view={found} now={now} livePaused={running && livePaused} />}
        </PageState>
      )}
    </>
  );
}

function ExportDetails(props: { view: ExportView; now: number; livePaused: boolean }) {
  const { view, now, livePaused } = props;
  return (
    <>
      <Section
        title="Export"
        description={livePaused && `Still running: ${livePausedNote(EXPORT_POLL_MS)}.`}
      >
        <ExportSummary view={view} now={now} />
      </Section>
      {view.record.exportStatus === 'failed' && view.details && (
        <Section title="Retry" description="Writes the same rows to the same target again.">
          <RetryExport details={view.details} />
        </Section>
      )}
      <Section
        title="Files"
        description={
          view.files.some((f) => f.downloadable)
            ? 'Written to the platform’s local object store: download a file or look at its first rows.'
            : undefined
        }
      >
        <ExportFiles exportId={view.record.exportId} files={view.files} />
      </Section>
    </>
  );
}
