import { Link as RouterLink, useParams } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  DateTime,
  DefinitionList,
  EmptyState,
  ErrorState,
  GuardedAction,
  PageHeader,
  PageState,
} from '../../../components';
import { BusyButton } from '../../../components/BusyButton';
import { NewButton } from '../../../components/NewButton';
import { RunHistoryTable } from '../components/RunHistoryTable';
import { useStreamDetails } from '../hooks/use-stream-details';
import { useStreamHistory } from '../hooks/use-stream-history';
import { runProgressInWords } from '../../../api/streams/stream-words';
import { useNow } from '../../../hooks/use-now';
import { runName, scheduleInWords, updateMethodInWords } from '../model/describe-stream';
import { datasetPath, newStreamPath, streamsPath } from '../../../lib/paths';

function RunHistory({ streamId, datasetId }: { streamId: string; datasetId: string }) {
  const run = useStreamHistory(streamId);
  const { executions, followed } = run;
  const now = useNow(followed?.state === 'ACTIVE');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            Run history
          </Typography>
          <GuardedAction datasetId={datasetId} operation="edit">
            <BusyButton icon={<PlayArrowIcon />} onClick={run.start} busy={run.isRunning}>
              Run now
            </BusyButton>
          </GuardedAction>
        </Stack>
        <Typography role="status" aria-label="Run progress" aria-live="polite" variant="body2">
          {followed?.state === 'ACTIVE'
            ? `${runName(followed)} is running: ${runProgressInWords(followed, now)}`
            : run.isStarting
              ? 'Starting a run…'
              : followed
                ? `${runName(followed)} ${followed.state === 'SUCCESS' ? 'succeeded' : 'failed'}.`
                : ''}
        </Typography>
        {run.startError ? (
          <ErrorState error={run.startError} title="The run did not start" />
        ) : null}
        {run.pollError ? (
          <ErrorState error={run.pollError} title="Cannot read the run's progress" />
        ) : null}
        <PageState
          query={executions}
          loading={{ label: 'Loading the runs', rows: 3 }}
          errorTitle="Cannot read the stream's runs"
          empty={() =>
            run.history.length === 0 && (
              <EmptyState title="No runs yet" description="Run now loads the dataset's rows." />
            )
          }
        >
          <RunHistoryTable runs={run.history} />
        </PageState>
      </Stack>
    </Paper>
  );
}

/** One stream: its configuration in words, Run now, and its run history. */
export function StreamPage() {
  const streamId = useParams().streamId ?? '';
  const details = useStreamDetails(streamId);
  const { stream } = details;
  const title = stream.data ? details.name : undefined;

  return (
    <>
      <PageHeader
        title={stream.isError ? 'Stream' : title}
        breadcrumbs={[{ label: 'Streams', to: streamsPath() }]}
        actions={
          <NewButton to={newStreamPath()} prominent={false}>
            New stream
          </NewButton>
        }
      />
      <PageState
        query={stream}
        loading={{ variant: 'details', label: 'Loading the stream' }}
        errorTitle="Cannot read this stream"
      >
        {(s) => (
          <Stack spacing={3}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <DefinitionList
                items={[
                  {
                    label: 'Dataset',
                    value: (
                      <Link component={RouterLink} to={datasetPath(s.dataSource.id)}>
                        {s.dataSource.name}
                      </Link>
                    ),
                  },
                  { label: 'Connector', value: details.connectorName },
                  { label: 'Account', value: details.accountName },
                  ...details.configuration.map((line) => ({
                    label: line.label,
                    value: line.value,
                  })),
                  { label: 'Update method', value: updateMethodInWords(s.updateMethod) },
                  { label: 'Schedule', value: scheduleInWords(s.advancedScheduleJson) },
                  {
                    label: 'Next run',
                    value: <DateTime value={s.nextRunAt} fallback="Not scheduled" />,
                  },
                  { label: 'Created', value: <DateTime value={s.createdAt} /> },
                  { label: 'Stream id', value: String(s.id) },
                ]}
              />
            </Paper>
            <RunHistory streamId={streamId} datasetId={s.dataSource.id} />
          </Stack>
        )}
      </PageState>
    </>
  );
}
