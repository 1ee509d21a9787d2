import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GenerationModel } from '../../../api/contract';
import { CodeEditor } from '../../../components/CodeEditor';
import type { Draft, DraftFormProps, ReasoningEffort } from '../lib/draft';
import { jsonLanguage } from '../lib/json-language';

export interface SettingsFormProps extends DraftFormProps {
  models: GenerationModel[] | undefined;
}

const builtIn = (model: GenerationModel | undefined) => model?.provider === 'built-in';

/** Model, randomness, length, answer format and reasoning effort. */
export function SettingsForm({ draft, models, problems, onChange }: SettingsFormProps) {
  const fallback = models?.find((m) => m.default);
  const chosen = models?.find((m) => m.id === draft.model) ?? fallback;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Model"
        value={draft.model}
        onChange={(event) => onChange({ model: event.target.value })}
        size="small"
        fullWidth
        helperText={
          builtIn(chosen)
            ? 'Built in, not a language model: it answers with the prompt it was sent, so templates, sessions and token counts can be tried without one.'
            : chosen
              ? `From ${chosen.provider}`
              : 'Loading the models…'
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{fallback ? `Default (${fallback.name})` : 'Default'}</MenuItem>
        {(models ?? []).map((model) => (
          <MenuItem key={model.id} value={model.id}>
            {model.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2}>
        <TextField
          label="Temperature"
          value={draft.temperature}
          onChange={(event) => onChange({ temperature: event.target.value })}
          error={Boolean(problems?.temperature)}
          helperText={problems?.temperature ?? '0–2; empty: the model’s own'}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
        <TextField
          label="Max tokens"
          value={draft.maxTokens}
          onChange={(event) => onChange({ maxTokens: event.target.value })}
          error={Boolean(problems?.maxTokens)}
          helperText={problems?.maxTokens ?? 'Empty: the model’s own'}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
      </Stack>
      <TextField
        select
        label="Reasoning effort"
        value={draft.reasoningEffort}
        onChange={(event) => onChange({ reasoningEffort: event.target.value as ReasoningEffort })}
        size="small"
        fullWidth
        helperText="For models that reason before they answer"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">The model’s own</MenuItem>
        <MenuItem value="low">Low</MenuItem>
        <MenuItem value="medium">Medium</MenuItem>
        <MenuItem value="high">High</MenuItem>
      </TextField>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3" id="response-format-label">
          Answer format
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={draft.responseKind}
          onChange={(_event, value: Draft['responseKind'] | null) =>
            value && onChange({ responseKind: value })
          }
          aria-labelledby="response-format-label"
        >
          <ToggleButton value="text">Text</ToggleButton>
          <ToggleButton value="json">JSON with a schema</ToggleButton>
        </ToggleButtonGroup>
        {draft.responseKind === 'json' && (
          <>
            <CodeEditor
              label="JSON Schema of the answer"
              value={draft.schema}
              onChange={(schema) => onChange({ schema })}
              invalid={Boolean(problems?.schema)}
              describedBy={problems?.schema ? 'schema-problem' : undefined}
              language={jsonLanguage}
              minHeight="6rem"
              maxHeight="14rem"
            />
            {problems?.schema && (
              <Alert severity="error" id="schema-problem" variant="outlined">
                {problems.schema}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
