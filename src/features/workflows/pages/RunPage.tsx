import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { isRunActive, useRun } from '../../../api/workflows';
import {
  ConfirmDialog,
  DateTime,
  DefinitionList,
  JsonView,
  LoadingState,
  PageHeader,
  UserName,
} from '../../../components';
import { formatCount } from '../../../lib/format';
import { RunLog } from '../components/RunLog';
import { RunDuration } from '../components/RunsTable';
import { RunStatusChip } from '../components/RunStatusChip';
import { RunSteps } from '../components/RunSteps';
import { WorkflowError } from '../components/WorkflowError';
import { useRunActions } from '../hooks/use-run-actions';
import { useRunEnded } from '../hooks/use-run-ended';
import { useRunLogView } from '../hooks/use-run-log';
import { workflowPath, workflowsPath } from '../paths';

/** One run: its state and steps (polled while it runs), its input, its live log; cancel, re-run. */
export function RunPage() {
  const runId = useParams().runId ?? '';
  const run = useRun(runId);
  const r = run.data;
  const active = isRunActive(r);
  const logView = useRunLogView(runId, active);
  const actions = useRunActions(r);
  useRunEnded(r);
  const workflowName = r?.workflowName ?? 'Workflow';

  return (
    <>
      <PageHeader
        title={run.isError ? 'Run' : r ? `Run ${r.id.slice(0, 8)}` : undefined}
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
              <Button
                variant="contained"
                startIcon={<ReplayIcon />}
                onClick={actions.rerun}
                loading={actions.rerunning}
                loadingPosition="start"
              >
                Re-run
              </Button>
            </>
          )
        }
      />
      {run.isPending ? (
        <LoadingState variant="details" label="Loading the run" />
      ) : run.isError ? (
        <WorkflowError error={run.error} what="this run" onRetry={() => void run.refetch()} />
      ) : r ? (
        <Stack spacing={3}>
          <Box
            role="status"
            aria-live="polite"
            sx={{
              position: 'absolute',
              width: 1,
              height: 1,
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
            }}
          >
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
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
              gap: 3,
              alignItems: 'start',
            }}
          >
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="run-summary"
              sx={{ p: 2 }}
            >
              <Typography id="run-summary" variant="h6" component="h2" sx={{ mb: 2 }}>
                Summary
              </Typography>
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
            </Paper>
            <Paper variant="outlined" component="section" aria-labelledby="run-steps" sx={{ p: 2 }}>
              <Typography id="run-steps" variant="h6" component="h2" sx={{ mb: 1 }}>
                Steps
              </Typography>
              <RunSteps steps={r.steps ?? []} />
            </Paper>
          </Box>
          <Paper variant="outlined" component="section" aria-labelledby="run-log" sx={{ p: 2 }}>
            <Typography id="run-log" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Log
            </Typography>
            <RunLog view={logView} active={active} />
          </Paper>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={actions.confirming}
        title="Cancel this run?"
        confirmLabel="Cancel run"
        cancelLabel="Keep running"
        destructive
        pending={actions.canceling}
        onConfirm={actions.cancel}
        onClose={actions.keepRunning}
      >
        The run stops before its next step; the step running now finishes. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
