import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DraftFormProps } from '../lib/draft';

export interface ParametersFormProps extends DraftFormProps {
  /** The template's own placeholders, in order. */
  names: string[];
}

/** A field for each placeholder of the template, then the input and the system message. */
export function ParametersForm({ draft, names, problems, onChange }: ParametersFormProps) {
  return (
    <Stack spacing={2}>
      {names.length > 0 && (
        <Stack spacing={1.5}>
          <Typography variant="subtitle2" component="h3">
            Template parameters
          </Typography>
          {names.map((name) => {
            const problem = problems?.parameters[name];
            return (
              <TextField
                key={name}
                label={name}
                value={draft.parameters[name] ?? ''}
                onChange={(event) =>
                  onChange({ parameters: { ...draft.parameters, [name]: event.target.value } })
                }
                error={Boolean(problem)}
                helperText={problem ?? `Fills \${${name}}`}
                size="small"
                fullWidth
                multiline
                maxRows={6}
              />
            );
          })}
        </Stack>
      )}
      <TextField
        label="Input"
        value={draft.input}
        onChange={(event) => onChange({ input: event.target.value })}
        error={Boolean(problems?.input)}
        helperText={problems?.input ?? 'Fills ${input}'}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
      />
      <TextField
        label="System message"
        value={draft.system}
        onChange={(event) => onChange({ system: event.target.value })}
        helperText="Fills ${system}; models that take a system message get it apart. Empty: “You are a helpful assistant.”"
        multiline
        minRows={1}
        maxRows={6}
        fullWidth
      />
    </Stack>
  );
}
