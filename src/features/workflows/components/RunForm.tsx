import { Controller } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { WorkflowInput } from '../../../api/contract';
import { BusyButton } from '../../../components/BusyButton';
import { useRunForm } from '../hooks/use-run-form';
import { WorkflowError } from './WorkflowError';

const typeWords = { string: 'Text', number: 'Number', boolean: 'Yes or no', json: 'JSON' };

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** The Run form, one field per declared input (string, number, boolean, JSON). */
export function RunForm({ workflowId, inputs }: { workflowId: string; inputs: WorkflowInput[] }) {
  const { form, submit, starting, error } = useRunForm(workflowId, inputs);
  return (
    <Stack
      component="form"
      noValidate
      aria-label="Run the workflow"
      spacing={2}
      onSubmit={(e) => void submit(e)}
    >
      {inputs.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          This workflow declares no inputs.
        </Typography>
      )}
      {inputs.map((input) => (
        <Controller
          key={input.name}
          control={form.control}
          name={input.name}
          render={({ field, fieldState }) =>
            input.type === 'boolean' ? (
              <div>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                  label={input.name}
                />
                {input.description && (
                  <FormHelperText sx={{ mt: -0.5 }}>{input.description}</FormHelperText>
                )}
              </div>
            ) : (
              <TextField
                label={input.name}
                required={input.required === true}
                size="small"
                fullWidth
                type={input.type === 'number' ? 'number' : 'text'}
                multiline={input.type === 'json'}
                minRows={input.type === 'json' ? 3 : undefined}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error !== undefined}
                helperText={
                  fieldState.error?.message ??
                  [input.description, typeWords[input.type]].filter(Boolean).join(' · ')
                }
                slotProps={input.type === 'json' ? { htmlInput: { style: monospace } } : undefined}
              />
            )
          }
        />
      ))}
      {error && <WorkflowError error={error} what="this workflow" title="The run did not start" />}
      <div>
        <BusyButton type="submit" icon={<PlayArrowIcon />} busy={starting}>
          Run
        </BusyButton>
      </div>
    </Stack>
  );
}
