import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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

export interface HistoryPanelProps {
  sessionId: string;
  onRestore: (draft: Draft) => void;
}

const firstLine = (text: string) => {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 100)}…` : line || '(empty)';
};

function RunList({ runs, onRestore }: { runs: GenerationRun[]; onRestore: (d: Draft) => void }) {
  return (
    <List dense disablePadding>
      {[...runs].reverse().map((run) => (
        <ListItem
          key={`${run.seq}-${run.at}`}
          divider
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
          <ListItemText
            primary={`Run ${run.seq} · ${run.modelId} · ${formatCount(run.response.usage.totalTokens)} tokens`}
            secondary={
              <>
                <DateTime value={run.at} /> — {firstLine(run.response.output)}
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
        <RunList runs={session.data.runs} onRestore={onRestore} />
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
