import { useId, useMemo, useState } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import type { CollectionColumn, JsonObject } from '../../../../api/contract';
import { ErrorState } from '../../../../components';
import { useContentDraft } from '../hooks/use-content-draft';
import { LazyJsonEditor as JsonEditor } from './LazyJsonEditor';
import { ChangesReview, contentChanges } from './ChangesReview';
import { ContentForm } from './ContentForm';

export interface ContentEditorProps {
  initialText: string;
  columns: CollectionColumn[];
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (content: JsonObject) => void;
  onCancel: () => void;
  /** The content saved now: saving first shows what changes, field by field. */
  saved?: JsonObject;
}

/** The JSON editor of a document's `content`, checked against the collection's schema. */
export function ContentEditor({
  initialText,
  columns,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  saved,
}: ContentEditorProps) {
  const { text, setText, check } = useContentDraft(initialText, columns);
  const messageId = useId();
  const warningsId = useId();
  const hintId = useId();
  const [view, setView] = useState<'json' | 'form'>('json');
  const [reviewing, setReviewing] = useState(false);
  const changes = useMemo(
    () => (saved && check.kind === 'valid' ? contentChanges(saved, check.content) : []),
    [saved, check],
  );
  const submit = () => {
    if (check.kind !== 'valid' || pending) return;
    if (saved && !reviewing) setReviewing(true);
    else onSubmit(check.content);
  };
  const warnings = check.kind === 'valid' ? check.warnings : [];

  if (reviewing && check.kind === 'valid')
    return (
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h3">
          Review the changes
        </Typography>
        <ChangesReview changes={changes} />
        {error !== null && error !== undefined && <ErrorState error={error} title="Not saved" />}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => setReviewing(false)} disabled={pending}>
            Back to editing
          </Button>
          <Button
            variant="contained"
            onClick={submit}
            loading={pending}
            disabled={changes.length === 0}
            autoFocus
          >
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    );

  return (
    <Stack spacing={1.5}>
      {columns.length > 0 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_e, next: 'json' | 'form' | null) => next && setView(next)}
          aria-label="Edit the content as"
        >
          <ToggleButton value="form">Form</ToggleButton>
          <ToggleButton value="json">JSON</ToggleButton>
        </ToggleButtonGroup>
      )}
      {view === 'form' && check.kind === 'valid' ? (
        <ContentForm
          content={check.content}
          columns={columns}
          onChange={(content) => setText(JSON.stringify(content, null, 2))}
        />
      ) : view === 'form' ? (
        <Alert severity="error">
          The JSON is not valid, so the form cannot show it: fix it in the JSON view.
        </Alert>
      ) : (
        <JsonEditor
          value={text}
          onChange={setText}
          label="Content"
          onSubmit={submit}
          invalid={check.kind === 'invalid'}
          describedBy={`${messageId} ${warningsId} ${hintId}`}
          minHeight="14rem"
          maxHeight="calc(100vh - 24rem)"
          autoFocus
        />
      )}
      <Box aria-live="polite">
        {check.kind === 'invalid' ? (
          <Stack id={messageId} direction="row" spacing={0.75} sx={{ color: 'error.main' }}>
            <ErrorOutlineIcon fontSize="small" sx={{ mt: '1px' }} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {check.message}
            </Typography>
          </Stack>
        ) : (
          <span id={messageId} />
        )}
        {warnings.length > 0 ? (
          <Alert id={warningsId} severity="warning" variant="outlined">
            <AlertTitle>
              {warnings.length === 1
                ? 'A value does not fit its schema column'
                : `${warnings.length} values do not fit their schema columns`}
            </AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {warnings.map((w) => (
                <li key={w.column}>{w.message}</li>
              ))}
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              You can save it; the sync to the linked dataset fails on such values.
            </Typography>
          </Alert>
        ) : (
          <span id={warningsId} />
        )}
      </Box>
      {columns.length > 0 && (
        <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
          Schema columns: {columns.map((c) => `${c.name} (${c.type})`).join(', ')}. Ctrl+Enter
          (⌘+Enter) saves.
        </Typography>
      )}
      {error !== null && error !== undefined && <ErrorState error={error} title="Not saved" />}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          loading={pending}
          disabled={check.kind === 'invalid'}
        >
          {saved ? 'Review changes' : submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
