import { Link as RouterLink } from 'react-router';
import { formatDistanceToNow, isValid, parseISO } from 'date-fns';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import SyncIcon from '@mui/icons-material/Sync';
import type { CollectionSyncStatus } from '../../../../api/contract';
import {
  DateTime,
  DefinitionList,
  ErrorState,
  LoadingState,
  StatusChip,
} from '../../../../components';
import { NoValue } from '../../../../components/NoValue';
import { datasetPath } from '../../../../lib/paths';
import { IdText } from '../../components/IdText';
import type { CollectionSyncState } from '../hooks/use-collection-sync';

/** "5 minutes ago", then the exact time. */
function WhenWithExact({ value }: { value: string | null }) {
  if (!value) return <NoValue>never</NoValue>;
  const date = parseISO(value);
  if (!isValid(date)) return <span>{value}</span>;
  return (
    <span>
      {formatDistanceToNow(date, { addSuffix: true })}{' '}
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        (<DateTime value={value} />)
      </Typography>
    </span>
  );
}

function RunningState({ running }: { running: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
      {running && <CircularProgress size={14} aria-hidden />}
      <span>{running ? 'Sync running…' : 'Idle'}</span>
    </Stack>
  );
}

function StatusList({ status, running }: { status: CollectionSyncStatus; running: boolean }) {
  return (
    <DefinitionList
      items={[
        { label: 'Status', value: <RunningState running={running} /> },
        {
          label: 'Sync required',
          value: (
            <StatusChip
              label={status.syncRequired ? 'Yes' : 'No'}
              tone={status.syncRequired ? 'warning' : 'neutral'}
            />
          ),
        },
        { label: 'Last sync', value: <WhenWithExact value={status.lastSync} /> },
        {
          label: 'Linked dataset',
          value: status.datasourceId ? (
            <Link component={RouterLink} to={datasetPath(status.datasourceId)}>
              <IdText value={status.datasourceId} />
            </Link>
          ) : (
            <NoValue>not linked yet: the first sync creates it</NoValue>
          ),
        },
        {
          label: 'Dataset rows',
          value:
            status.rowCount === null ? (
              <NoValue>none yet</NoValue>
            ) : (
              status.rowCount.toLocaleString()
            ),
        },
      ]}
    />
  );
}

function LastFailure({ failure }: { failure: NonNullable<CollectionSyncStatus['lastError']> }) {
  return (
    <Alert severity="error" variant="outlined">
      <AlertTitle>The last sync failed</AlertTitle>
      <Stack spacing={0.5}>
        <Typography variant="body2">{failure.message}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Failed <WhenWithExact value={failure.at} />
        </Typography>
      </Stack>
    </Alert>
  );
}

export function SyncPanel({ sync }: { sync: CollectionSyncState }) {
  const { status, running, syncEnabled } = sync;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <FormControlLabel
            label="Sync enabled"
            control={
              <Switch
                checked={syncEnabled}
                onChange={(_event, checked) => sync.setSyncEnabled(checked)}
                disabled={sync.toggling}
              />
            }
          />
          <Button
            variant="contained"
            startIcon={<SyncIcon />}
            onClick={sync.startSync}
            disabled={!syncEnabled || running}
            loading={sync.starting}
            loadingPosition="start"
          >
            Sync now
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {syncEnabled
            ? 'The platform copies the documents to the linked dataset in the background. Sync now syncs every collection of this datastore that has sync on, right away.'
            : 'Sync is off: the documents stay out of the linked dataset until you turn it on.'}
        </Typography>
        {sync.toggleError && (
          <ErrorState error={sync.toggleError} title="Could not change the sync setting" />
        )}
        {sync.alreadyRunningError && (
          <ErrorState
            error={sync.alreadyRunningError}
            title="A sync of this datastore is already running"
          />
        )}
        {sync.syncError && <ErrorState error={sync.syncError} title="Sync now failed" />}
        <Divider />
        {status.data ? (
          <Stack spacing={2}>
            <StatusList status={status.data} running={running} />
            {status.data.lastError && <LastFailure failure={status.data.lastError} />}
          </Stack>
        ) : status.isError ? (
          <ErrorState error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <LoadingState variant="details" rows={5} label="Loading sync status" />
        )}
      </Stack>
    </Paper>
  );
}
