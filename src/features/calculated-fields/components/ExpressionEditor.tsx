import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { CalculatedField } from '../../../api/contract';
import { isApiError } from '../../../api/errors';
import { CopyButton } from '../../../components';
import { useExpressionForm } from '../hooks/use-expression-form';

const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
};

export interface Refusal {
  error: Error;
  draft: string;
}

/**
 * The expression, read-only with the reason while the field is locked. When a save was refused
 * because the field was locked meanwhile, the platform's answer and the unsaved text stay here.
 */
export function ExpressionView({
  field,
  refusal,
  notYours,
}: {
  field: CalculatedField;
  refusal?: Refusal;
  /** Why the caller may not change the field, when he may not. */
  notYours?: string;
}) {
  const failure = refusal ? describeRefusal(refusal.error) : undefined;
  return (
    <Stack spacing={1.5}>
      {refusal && failure && (
        <Alert
          severity="warning"
          action={<CopyButton value={refusal.draft} label="Copy the unsaved expression" />}
        >
          <AlertTitle>{failure.title}</AlertTitle>
          {failure.message}
        </Alert>
      )}
      {notYours ? (
        <Alert severity="info" icon={<LockOutlinedIcon fontSize="inherit" />}>
          <AlertTitle>Read-only: you may not change this field</AlertTitle>
          {notYours}.
        </Alert>
      ) : (
        <Alert severity="info" icon={<LockOutlinedIcon fontSize="inherit" />}>
          <AlertTitle>Read-only: this field is locked</AlertTitle>A locked calculated field cannot
          be altered. Unlock it to edit its expression.
        </Alert>
      )}
      <Box
        component="pre"
        aria-label="Expression (read-only)"
        tabIndex={0}
        sx={{
          ...mono,
          m: 0,
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {field.expression}
      </Box>
    </Stack>
  );
}

function describeRefusal(error: unknown) {
  if (!isApiError(error)) return { title: 'Not saved', message: String(error) };
  if (error.status === 409)
    return { title: 'Not saved: the field is locked', message: error.message };
  if (error.status === 400)
    return { title: 'Not saved: the platform refused the expression', message: error.message };
  return { title: 'Not saved', message: error.message };
}

/** Editing an unlocked field's expression; the platform's refusal is shown beside the form. */
export function ExpressionForm({
  field,
  onRefused,
}: {
  field: CalculatedField;
  onRefused?: (refusal: Refusal) => void;
}) {
  const { form, submit, pending, error, discard } = useExpressionForm(field, onRefused);
  const { errors, isDirty } = form.formState;
  const failure = error ? describeRefusal(error) : undefined;
  return (
    <Box component="form" aria-label="Expression" noValidate onSubmit={(e) => void submit(e)}>
      <TextField
        {...form.register('expression')}
        label="Expression"
        multiline
        minRows={3}
        maxRows={14}
        fullWidth
        error={!!errors.expression}
        helperText={errors.expression?.message ?? 'Columns in backticks, e.g. SUM(`revenue`)'}
        slotProps={{ htmlInput: { spellCheck: false, style: mono } }}
      />
      {failure && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          <AlertTitle>{failure.title}</AlertTitle>
          {failure.message}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={discard} disabled={!isDirty || pending}>
          Discard
        </Button>
        <Button type="submit" variant="contained" loading={pending} disabled={!isDirty}>
          Save expression
        </Button>
      </Stack>
    </Box>
  );
}
