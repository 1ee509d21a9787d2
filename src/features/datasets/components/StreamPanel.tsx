import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Link as RouterLink } from 'react-router';
import { LoadingText } from '../../../components/LoadingState';
import type { Stream, StreamExecution } from '../../../api/contract';
import {
  DateTime,
  DefinitionList,
  ErrorState,
  GuardedAction,
  StatusChip,
} from '../../../components';
import type { StreamNames } from '../hooks/use-stream-names';
import type { StreamRunState } from '../hooks/use-stream-run';
import {
  runProgressInWords,
  runStateWords,
  scheduleInWords,
  updateMethodInWords,
} from '../../../api/streams/stream-words';
import { useNow } from '../../../hooks/use-now';
import { plural } from './format';
import { IdText } from './IdText';
import { streamPath } from '../../../lib/paths';

export interface StreamPanelProps {
  stream: Stream;
  names: StreamNames;
  rowCount: number;
  /** The stream wizard just created it: running it is the next thing to do. */
  justCreated: boolean;
  run: StreamRunState;
}

function RunButton({
  datasetId,
  onRun,
  busy,
  prominent,
}: {
  datasetId: string;
  onRun: () => void;
  busy: boolean;
  prominent: boolean;
}) {
  return (
    <GuardedAction datasetId={datasetId} operation="edit">
      <Button
        variant={prominent ? 'contained' : 'outlined'}
        startIcon={<PlayArrowIcon />}
        onClick={onRun}
        loading={busy}
        loadingPosition="start"
      >
        Run now
      </Button>
    </GuardedAction>
  );
}

function RunProgress({
  execution,
  rowCount,
  isFollowed,
}: {
  execution: StreamExecution;
  rowCount: number;
  isFollowed: boolean;
}) {
  const name = `Run ${execution.runNumber ?? execution.id}`;
  const now = useNow(execution.state === 'ACTIVE');
  if (execution.state === 'ACTIVE')
    return (
      <Stack spacing={1}>
        <Typography variant="body2">
          {name} is running: {runProgressInWords(execution, now)}.
        </Typography>
        <LinearProgress aria-label={`${name} in progress`} />
      </Stack>
    );
  if (execution.state === 'ERROR')
    return (
      <Alert severity="error" variant="outlined">
        <AlertTitle>{name} failed</AlertTitle>
        {execution.errorMessage ?? 'The platform gave no reason.'}
      </Alert>
    );
  if (!isFollowed)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Last run {execution.runNumber ?? execution.id}:{' '}
        <StatusChip label={runStateWords.SUCCESS} tone="success" />{' '}
        {plural(execution.rowsInserted, 'row')} inserted,{' '}
        <DateTime value={execution.endedAt ?? execution.startedAt} />.
      </Typography>
    );
  return (
    <Alert severity="success" variant="outlined">
      <AlertTitle>{name} succeeded</AlertTitle>
      {plural(execution.rowsInserted, 'row')} inserted
      {execution.partitionId ? ` into partition ${execution.partitionId}` : ''}. The dataset now has{' '}
      {plural(rowCount, 'row')}.
    </Alert>
  );
}

/** The dataset's stream: where its rows come from, and a run with its progress. */
export function StreamPanel(props: StreamPanelProps) {
  const { stream, justCreated, run } = props;
  const { execution } = run;
  // Only a stream that has never run: a reload after the first run offers the usual button.
  // Offered while its runs are still loading too (the wizard has just made it, so it has none):
  // waiting for them would move "Run now" from beside the configuration into the notice, away
  // from the pointer of whoever is clicking it.
  const offerFirstRun = justCreated && !run.isRunning && execution === undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        {offerFirstRun && (
          <Alert
            severity="info"
            action={
              <RunButton
                datasetId={stream.dataSource.id}
                onRun={run.start}
                busy={run.isStarting}
                prominent
              />
            }
          >
            <AlertTitle>Stream created</AlertTitle>
            Run it now to load its rows into this dataset.
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <DefinitionList
              items={[
                { label: 'Connector', value: props.names.connector },
                { label: 'Update method', value: updateMethodInWords(stream.updateMethod) },
                { label: 'Schedule', value: scheduleInWords(stream.advancedScheduleJson) },
                ...(stream.nextRunAt
                  ? [{ label: 'Next run', value: <DateTime value={stream.nextRunAt} /> }]
                  : []),
                {
                  label: 'Configuration',
                  value:
                    stream.configuration.length === 0
                      ? 'none'
                      : props.names.configuration.map((item) => (
                          <Box key={item.name}>
                            {item.label}: <IdText value={item.value} />
                          </Box>
                        )),
                },
                { label: 'Stream ID', value: <IdText value={String(stream.id)} /> },
              ]}
            />
          </Box>
          {!offerFirstRun && (
            <RunButton
              datasetId={stream.dataSource.id}
              onRun={run.start}
              busy={run.isStarting || run.isRunning}
              prominent={false}
            />
          )}
        </Stack>
        <Box role="status" aria-label="Stream run" aria-live="polite">
          {execution ? (
            <RunProgress
              execution={execution}
              rowCount={props.rowCount}
              isFollowed={run.isFollowed}
            />
          ) : run.executionsPending ? (
            <LoadingText width={280} label="Loading the stream's runs" />
          ) : run.executionsError ? null : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {run.isRunning || run.isFollowed ? 'Starting a run…' : 'This stream has not run yet.'}
            </Typography>
          )}
        </Box>
        <Link component={RouterLink} to={streamPath(stream.id)} variant="body2">
          The stream's configuration and run history
        </Link>
        {run.startError ? (
          <ErrorState error={run.startError} title="The run did not start" />
        ) : null}
        {run.executionsError ? (
          <ErrorState error={run.executionsError} title="Cannot read the stream's runs" />
        ) : null}
        {run.pollError ? (
          <ErrorState error={run.pollError} title="Cannot read the run's progress" />
        ) : null}
      </Stack>
    </Paper>
  );
}
