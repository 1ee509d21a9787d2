import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import type { GenerationRun } from '../../../api/contract';
import { useGenerationSession } from '../../../api/generation';
import { DateTime } from '../../../components/DateTime';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { formatCount } from '../../../lib/format';
import { fromRequest, type Draft } from '../lib/draft';
import { readHistoryFile, toHistoryFile } from '../lib/history-file';
import { settingsLine } from '../lib/run-settings';
import { RunCompare } from './RunCompare';

export interface HistoryPanelProps {
  sessionId: string;
  onRestore: (draft: Draft) => void;
}

const firstLine = (text: string) => {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 100)}…` : line || '(empty)';
};

interface RunListProps {
  runs: GenerationRun[];
  onRestore: (d: Draft) => void;
  /** Runs picked for comparing, by seq; absent: the list offers no comparing. */
  picked?: number[];
  onPick?: (seq: number) => void;
}

function RunList({ runs, onRestore, picked, onPick }: RunListProps) {
  return (
    <List dense disablePadding>
      {[...runs].reverse().map((run) => (
        <ListItem
          key={`${run.seq}-${run.at}`}
          divider
          sx={{ alignItems: 'flex-start' }}
          secondaryAction={
            <Button
              size="small"
              onClick={() => onRestore(fromRequest(run.request))}
              aria-label={`Restore run ${run.seq}`}
            >
              Restore
            </Button>
          }
        >
          {picked && onPick && (
            <Checkbox
              size="small"
              edge="start"
              checked={picked.includes(run.seq)}
              onChange={() => onPick(run.seq)}
              slotProps={{ input: { 'aria-label': `Compare run ${run.seq}` } }}
              sx={{ mt: 0.5, mr: 1 }}
            />
          )}
          <ListItemText
            primary={`Run ${run.seq} · ${run.modelId} · ${formatCount(run.response.usage.totalTokens)} tokens`}
            secondary={
              <>
                <DateTime value={run.at} /> — {firstLine(run.response.output)}
                <Box component="span" sx={{ display: 'block' }}>
                  {settingsLine(run)}
                </Box>
              </>
            }
            sx={{ pr: 10 }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Every run of this session, restorable into the editor; exported and imported as JSON. */
export function HistoryPanel({ sessionId, onRestore }: HistoryPanelProps) {
  const session = useGenerationSession(sessionId);
  const [imported, setImported] = useState<{ sessionId: string; runs: GenerationRun[] }>();
  const [importError, setImportError] = useState<string>();
  // At most two runs are compared: a third pick lets go of the earliest.
  const [picked, setPicked] = useState<number[]>([]);
  const pick = (seq: number) =>
    setPicked((now) =>
      now.includes(seq) ? now.filter((s) => s !== seq) : [...now, seq].slice(-2),
    );
  const runs = session.data?.runs ?? [];
  const compared = picked
    .map((seq) => runs.find((run) => run.seq === seq))
    .filter((run) => run !== undefined)
    .sort((x, y) => x.seq - y.seq);
  const fileInput = useRef<HTMLInputElement>(null);

  const exportHistory = () => {
    if (!session.data) return;
    const blob = new Blob([JSON.stringify(toHistoryFile(sessionId, session.data.runs), null, 2)], {
      type: 'application/json',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${sessionId}.history.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const importHistory = async (file: File | undefined) => {
    if (!file) return;
    const read = readHistoryFile(await file.text());
    if (read.ok) {
      setImported({ sessionId: read.file.sessionId, runs: read.file.runs });
      setImportError(undefined);
    } else {
      setImportError(`${file.name}: ${read.message}`);
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          startIcon={<DownloadIcon />}
          onClick={exportHistory}
          disabled={!session.data?.runs.length}
        >
          Export history
        </Button>
        <Button startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
          Import history
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="History file to import"
          onChange={(event) => void importHistory(event.target.files?.[0])}
        />
      </Stack>
      {importError && (
        <Alert severity="error" onClose={() => setImportError(undefined)}>
          {importError}
        </Alert>
      )}
      {session.isPending ? (
        <LoadingState label="Loading the session’s history" />
      ) : session.isError ? (
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      ) : session.data.runs.length === 0 ? (
        <EmptyState
          title="No run in this session yet"
          description="Each run is kept here with its settings, so you can restore it into the editor."
        />
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {runs.length < 2
              ? 'Each run is listed with the model and parameters it was sent with.'
              : compared.length === 2
                ? `Comparing run ${compared[0]!.seq} with run ${compared[1]!.seq}.`
                : 'Tick two runs to compare their settings and answers.'}
          </Typography>
          {compared.length === 2 && <RunCompare first={compared[0]!} second={compared[1]!} />}
          <RunList runs={runs} onRestore={onRestore} picked={picked} onPick={pick} />
        </>
      )}
      {imported && (
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3">
            Imported from a file: session {imported.sessionId}, {formatCount(imported.runs.length)}{' '}
            runs
          </Typography>
          <RunList runs={imported.runs} onRestore={onRestore} />
        </Stack>
      )}
    </Stack>
  );
}
