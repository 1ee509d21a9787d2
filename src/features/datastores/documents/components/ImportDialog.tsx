import { useId, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../../../components';
import { TitledDialog } from '../../../../components/TitledDialog';
import type { ImportState } from '../hooks/use-import-documents';
import type { ParsedImport } from '../lib/import-parse';

export interface ImportDialogProps {
  open: boolean;
  state: ImportState;
  busy: boolean;
  onChoose: (file: File | undefined) => void;
  onImport: () => void;
  onClose: () => void;
}

const PREVIEW_ROWS = 5;
const ERRORS_SHOWN = 20;
const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

function Preview({ parsed }: { parsed: ParsedImport }) {
  const previewId = useId();
  const { documents, errors } = parsed;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" role="status">
        {count(documents.length, 'document')} to import (
        {parsed.format === 'json' ? 'JSON array' : 'NDJSON'})
        {errors.length > 0 && `, ${count(errors.length, 'line')} with errors`}
      </Typography>
      {errors.length > 0 && (
        <Alert severity="error" variant="outlined">
          <AlertTitle>
            {errors.length === 1
              ? 'A line cannot be imported'
              : `${errors.length} lines cannot be imported`}
          </AlertTitle>
          <Box component="ul" aria-label="Lines with errors" sx={{ m: 0, pl: 2.5 }}>
            {errors.slice(0, ERRORS_SHOWN).map((error) => (
              <li key={`${error.line}:${error.message}`}>
                Line {error.line}
                {error.message.startsWith('column ') ? ', ' : ': '}
                {error.message}
              </li>
            ))}
          </Box>
          {errors.length > ERRORS_SHOWN && (
            <Typography variant="body2">
              and {count(errors.length - ERRORS_SHOWN, 'more line')}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Fix the file and choose it again: nothing is imported while a line is wrong.
          </Typography>
        </Alert>
      )}
      {documents.length > 0 && (
        <Box>
          <Typography variant="subtitle2" id={previewId} sx={{ mb: 0.5 }}>
            First {Math.min(PREVIEW_ROWS, documents.length)} of{' '}
            {count(documents.length, 'document')}
          </Typography>
          <Box
            component="ol"
            aria-labelledby={previewId}
            sx={{
              m: 0,
              pl: 4,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '0.8125rem',
              bgcolor: 'action.hover',
              borderRadius: 1,
              py: 1,
              pr: 1,
              '& li': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            }}
          >
            {documents.slice(0, PREVIEW_ROWS).map((content, i) => (
              <li key={i}>{JSON.stringify(content)}</li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

/** Import from a JSON array or NDJSON file: choose, preview, import with progress, summary. */
export function ImportDialog({
  open,
  state,
  busy,
  onChoose,
  onImport,
  onClose,
}: ImportDialogProps) {
  const inputId = useId();
  const helpId = useId();
  const canImport =
    state.step === 'preview' &&
    state.parsed.errors.length === 0 &&
    state.parsed.documents.length > 0;
  const finished = state.step === 'done' || state.step === 'failed';

  return (
    <TitledDialog open={open} onClose={onClose} busy={busy} title="Import documents">
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" id={helpId} sx={{ color: 'text.secondary' }}>
            A JSON file with an array of objects, or NDJSON with one object per line. Each object
            becomes a document&apos;s content; a document exported from here imports its content.
          </Typography>
          {!finished && state.step !== 'importing' && (
            <Stack spacing={0.5}>
              <Typography component="label" htmlFor={inputId} variant="subtitle2">
                Document file
              </Typography>
              <Box
                component="input"
                id={inputId}
                type="file"
                accept=".json,.ndjson,.jsonl,application/json,application/x-ndjson"
                aria-describedby={helpId}
                disabled={busy}
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  onChoose(event.target.files?.[0])
                }
                sx={{
                  font: 'inherit',
                  color: 'text.primary',
                  '&::file-selector-button': {
                    font: 'inherit',
                    fontWeight: 500,
                    mr: 1.5,
                    px: 1.5,
                    py: 0.75,
                    border: 1,
                    borderColor: 'primary.main',
                    borderRadius: 1,
                    bgcolor: 'transparent',
                    color: 'primary.main',
                    cursor: 'pointer',
                  },
                }}
              />
            </Stack>
          )}
          {state.step === 'reading' && <LinearProgress aria-label="Reading the file" />}
          {state.step === 'preview' && <Preview parsed={state.parsed} />}
          {state.step === 'importing' && (
            <Stack spacing={1}>
              <LinearProgress
                variant="determinate"
                aria-label="Import progress"
                value={(state.created / state.parsed.documents.length) * 100}
              />
              <Typography variant="body2" role="status">
                Created {state.created.toLocaleString()} of{' '}
                {count(state.parsed.documents.length, 'document')}…
              </Typography>
            </Stack>
          )}
          {state.step === 'done' && (
            <Alert severity="success" role="status">
              Imported {count(state.created, 'document')} from {state.fileName}.
            </Alert>
          )}
          {state.step === 'failed' && (
            <>
              <Alert severity="warning" role="status">
                Imported {state.created.toLocaleString()} of{' '}
                {count(state.parsed.documents.length, 'document')} from {state.fileName}, then the
                import stopped.
              </Alert>
              <ErrorState error={state.error} title="The platform refused a batch" />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {finished ? 'Close' : 'Cancel'}
        </Button>
        {!finished && (
          <Button
            variant="contained"
            onClick={onImport}
            disabled={!canImport}
            loading={state.step === 'importing'}
          >
            {state.step === 'preview' && canImport
              ? `Import ${count(state.parsed.documents.length, 'document')}`
              : 'Import'}
          </Button>
        )}
      </DialogActions>
    </TitledDialog>
  );
}
