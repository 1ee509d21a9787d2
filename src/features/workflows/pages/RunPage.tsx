import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { isRunActive, useRun, workflowKeys } from '../../../api/workflows';
import {
  ConfirmDialog,
  CopyButton,
  DateTime,
  DefinitionList,
  JsonView,
  PageHeader,
  PageState,
  UserName,
} from '../../../components';
import { BusyButton } from '../../../components/BusyButton';
import { PanelSection } from '../../../components/PanelSection';
import { TwoColumns } from '../../../components/TwoColumns';
import { formatCount } from '../../../lib/format';
import { RunLog } from '../components/RunLog';
import { RunDuration } from '../components/RunsTable';
import { RunStatusChip } from '../components/RunStatusChip';
import { RunSteps } from '../components/RunSteps';
import { WorkflowError } from '../components/WorkflowError';
import { useRunActions } from '../hooks/use-run-actions';
import { useRunEnded } from '../hooks/use-run-ended';
import { useRunLogView } from '../hooks/use-run-log';
import { runName } from '../lib/describe-run';
import { withLog } from '../lib/live-run';
import { workflowPath, workflowsPath } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** One run: its state and steps (polled while it runs), its input, its live log; cancel, re-run. */
export function RunPage() {
  const runId = useParams().runId ?? '';
  const run = useRun(runId);
  const polled = isRunActive(run.data);
  const logView = useRunLogView(runId, polled);
  // The log may be a moment ahead of the run's state: show what the log already says, and read
  // the state again at once when a line arrives.
  const r = run.data && withLog(run.data, logView.entries);
  const active = isRunActive(r);
  const queryClient = useQueryClient();
  const lines = logView.entries.length;
  useEffect(() => {
    if (polled && lines) void queryClient.invalidateQueries({ queryKey: workflowKeys.run(runId) });
  }, [polled, lines, queryClient, runId]);
  const actions = useRunActions(r);
  useRunEnded(r);
  const workflowName = r?.workflowName ?? 'Workflow';

  return (
    <>
      <PageHeader
        title={run.isError ? 'Run' : r ? runName(r) : undefined}
        breadcrumbs={[
          { label: 'Workflows', to: workflowsPath() },
          ...(r ? [{ label: workflowName, to: workflowPath(r.workflowId) }] : []),
        ]}
        subtitle={r ? <RunStatusChip status={r.status} /> : undefined}
        actions={
          r && (
            <>
              {active && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<StopCircleOutlinedIcon />}
                  onClick={actions.askCancel}
                >
                  Cancel run
                </Button>
              )}
              <BusyButton icon={<ReplayIcon />} onClick={actions.rerun} busy={actions.rerunning}>
                Re-run
              </BusyButton>
            </>
          )
        }
      />
      <PageState
        query={{ data: r, isError: run.isError, error: run.error, refetch: run.refetch }}
        loading={{ variant: 'details', label: 'Loading the run' }}
        error={(error) => (
          <WorkflowError error={error} what="this run" onRetry={() => void run.refetch()} />
        )}
      >
        {(r) => (
          <Stack spacing={3}>
            <Box role="status" aria-live="polite" sx={visuallyHidden}>
              Run status: {r.status}
            </Box>
            {r.status === 'FAILED' && r.error && (
              <Alert severity="error">
                <AlertTitle>The run failed</AlertTitle>
                {r.error}
              </Alert>
            )}
            {actions.cancelError && (
              <WorkflowError
                error={actions.cancelError}
                what="this run"
                title="The run was not canceled"
              />
            )}
            {actions.rerunError && (
              <WorkflowError
                error={actions.rerunError}
                what="this workflow"
                title="The run did not start"
              />
            )}
            <TwoColumns>
              <PanelSection title="Summary">
                <DefinitionList
                  items={[
                    {
                      label: 'Workflow',
                      value: (
                        <Link component={RouterLink} to={workflowPath(r.workflowId)}>
                          {workflowName}
                        </Link>
                      ),
                    },
                    {
                      label: 'Run id',
                      value: (
                        <Stack
                          direction="row"
                          spacing={0.5}
                          sx={{ alignItems: 'center', minWidth: 0 }}
                        >
                          <Box
                            component="span"
                            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                          >
                            {r.id}
                          </Box>
                          <CopyButton value={r.id} label="Copy the run id" />
                        </Stack>
                      ),
                    },
                    { label: 'Version', value: formatCount(r.version) },
                    { label: 'Started', value: <DateTime value={r.startedAt} /> },
                    {
                      label: 'Finished',
                      value: (
                        <DateTime value={r.finishedAt} fallback={active ? 'Still running' : '—'} />
                      ),
                    },
                    { label: 'Duration', value: <RunDuration run={r} /> },
                    ...(r.startedBy
                      ? [{ label: 'Started by', value: <UserName id={r.startedBy} /> }]
                      : []),
                  ]}
                />
                <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
                  Input
                </Typography>
                <JsonView value={r.input} label="Run input" maxHeight={240} />
              </PanelSection>
              <PanelSection title="Steps" headingGap={1}>
                <RunSteps steps={r.steps ?? []} log={logView.entries} />
              </PanelSection>
            </TwoColumns>
            <PanelSection title="Log" headingGap={1.5}>
              <RunLog view={logView} active={active} />
            </PanelSection>
          </Stack>
        )}
      </PageState>
      <ConfirmDialog
        {...actions.cancelDialog}
        title="Cancel this run?"
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        destructive
      >
        The run stops before its next step; the step running now finishes. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
