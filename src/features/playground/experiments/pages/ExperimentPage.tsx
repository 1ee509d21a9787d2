import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import DownloadIcon from '@mui/icons-material/Download';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { experimentCsvPath } from '../../../../api/experiments';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  PageState,
  Section,
} from '../../../../components';
import { playgroundPath } from '../../../../lib/paths';
import { experimentsPath } from '../../lib/experiments-path';
import { CaseDiffDialog } from '../components/CaseDiffDialog';
import { ExperimentProgress } from '../components/ExperimentProgress';
import { ResultsFilters } from '../components/ResultsFilters';
import { ResultsMatrix } from '../components/ResultsMatrix';
import { SaveAsDatasetDialog } from '../components/SaveAsDatasetDialog';
import { VariantSummaryTable } from '../components/VariantSummaryTable';
import { useExperimentResultsPage } from '../hooks/use-experiment-results';
import { RESULTS_PAGE_SIZE } from '../lib/list-params';

/** An experiment's progress, its summary per variant and its matrix of answers. */
export function ExperimentPage({ experimentId }: { experimentId: string }) {
  const page = useExperimentResultsPage(experimentId);
  const { experiment, results, list } = page;
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [diffedIndex, setDiffedIndex] = useState<number>();
  // The case as the latest poll has it: its outputs fill in while it runs.
  const diffed = results.data?.cases.find((c) => c.index === diffedIndex);
  const e = experiment.data;
  const runningAgain = page.runCellState.isPending
    ? `${page.runCellState.variables.caseIndex}:${page.runCellState.variables.variant}`
    : undefined;

  return (
    <>
      <PageHeader
        title={e?.name ?? (experiment.isError ? 'Experiment' : undefined)}
        breadcrumbs={[
          { label: 'Prompt playground', to: playgroundPath() },
          { label: 'Experiments', to: experimentsPath() },
        ]}
        subtitle={
          e &&
          `${e.promptName} over ${e.datasetName} · ${e.variants.length} variant${e.variants.length === 1 ? '' : 's'}`
        }
        actions={
          e && (
            <>
              {page.active && (
                <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                  Cancel run
                </Button>
              )}
              <Button
                startIcon={<DownloadIcon />}
                href={experimentCsvPath(e.id)}
                download
                variant="outlined"
              >
                Download CSV
              </Button>
              <Button
                startIcon={<SaveAltIcon />}
                variant="contained"
                disabled={page.active}
                onClick={() => setSaving(true)}
              >
                Save as dataset
              </Button>
            </>
          )
        }
      />
      <PageState
        query={experiment}
        loading="Loading the experiment"
        errorTitle="The experiment cannot be read"
      >
        {(e) => (
          <>
            <Paper variant="outlined" sx={{ p: 2.5, mb: 3 }}>
              <ExperimentProgress experiment={e} />
            </Paper>
            <Section title="Summary per variant">
              <VariantSummaryTable experiment={e} />
            </Section>
            <Section title="Results" description="One row per case, one column per variant.">
              <ResultsFilters experiment={e} state={list.params} set={list.set} />
              {results.isError && !results.data ? (
                <ErrorState
                  error={results.error}
                  title="The results cannot be read"
                  onRetry={() => void results.refetch()}
                />
              ) : (
                <ResultsMatrix
                  experiment={e}
                  cases={results.data?.cases ?? []}
                  updating={
                    results.isPlaceholderData ||
                    (results.isPending && results.fetchStatus === 'fetching')
                  }
                  pager={list.pager({
                    pageSize: RESULTS_PAGE_SIZE,
                    total: results.data?.total ?? 0,
                  })}
                  onRunAgain={page.runCell}
                  runningAgain={runningAgain}
                  onDiff={(c) => setDiffedIndex(c.index)}
                  empty={
                    results.isPending ? (
                      'Loading the results…'
                    ) : (
                      <EmptyState
                        title="No case here"
                        description={
                          e.progress.total === 0
                            ? 'The experiment has no cases.'
                            : 'No case matches these filters.'
                        }
                      />
                    )
                  }
                />
              )}
              {page.runCellState.isError && (
                <ErrorState error={page.runCellState.error} title="The cell was not run again" />
              )}
            </Section>
            <ConfirmDialog
              open={confirming && page.active}
              title="Cancel this run?"
              confirmLabel="Cancel run"
              cancelLabel="Keep running"
              destructive
              pending={page.cancel.isPending}
              error={page.cancel.error}
              errorTitle="The run was not cancelled"
              onClose={() => setConfirming(false)}
              onConfirm={() => page.cancel.mutate(e.id, { onSuccess: () => setConfirming(false) })}
            >
              The cells not yet run are cancelled; those that finished are kept.
            </ConfirmDialog>
            <SaveAsDatasetDialog experiment={e} open={saving} onClose={() => setSaving(false)} />
            <CaseDiffDialog
              experiment={e}
              shown={diffed}
              onClose={() => setDiffedIndex(undefined)}
            />
          </>
        )}
      </PageState>
    </>
  );
}
