import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { EXPERIMENT_LIMITS, type GenerationModel } from '../../../../api/contract';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../../components/form';
import { scorerTypeWords } from '../lib/describe';
import { newScorer, scorerTypes, type SetupForm } from '../lib/setup-form';

const typeChoices = scorerTypes.map((t) => ({ value: t, label: scorerTypeWords[t] }));

function ScorerFields({
  control,
  index,
  modelChoices,
}: {
  control: Control<SetupForm>;
  index: number;
  modelChoices: { value: string; label: string }[];
}) {
  const type = useWatch({ control, name: `scorers.${index}.type` });
  const at = <K extends string>(key: K) => `scorers.${index}.${key}` as const;
  switch (type) {
    case 'exactMatch':
      return <FormCheckbox control={control} name={at('caseSensitive')} label="Case-sensitive" />;
    case 'contains':
      return (
        <>
          <FormTextField
            control={control}
            name={at('value')}
            label="Text to find"
            helperText="Empty: the expected answer"
            sx={{ minWidth: 260, flex: 1 }}
          />
          <FormCheckbox control={control} name={at('caseSensitive')} label="Case-sensitive" />
        </>
      );
    case 'regex':
      return (
        <>
          <FormTextField
            control={control}
            name={at('pattern')}
            label="Pattern"
            required
            sx={{ minWidth: 260, flex: 1 }}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <FormTextField
            control={control}
            name={at('flags')}
            label="Flags"
            helperText="i, m, s, u"
            sx={{ width: 140 }}
          />
        </>
      );
    case 'jsonSchema':
      return (
        <FormTextField
          control={control}
          name={at('schema')}
          label="JSON schema"
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      );
    case 'length':
      return (
        <>
          <FormTextField
            control={control}
            name={at('min')}
            label="Least characters"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 220 }}
          />
          <FormTextField
            control={control}
            name={at('max')}
            label="Most characters"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 220 }}
          />
        </>
      );
    case 'judge':
      return (
        <>
          <FormSelectField
            control={control}
            name={at('model')}
            label="Judge model"
            choices={modelChoices}
            emptyText="Loading the models…"
            sx={{ minWidth: 260 }}
          />
          <FormTextField
            control={control}
            name={at('rubric')}
            label="Rubric"
            helperText="The judge answers a score from 0 to 1 with a reason"
            multiline
            minRows={2}
            fullWidth
          />
        </>
      );
    default:
      return null;
  }
}

interface SetupScorersProps {
  control: Control<SetupForm>;
  models: GenerationModel[] | undefined;
  defaultModel: string;
}

/** The scorers every answer is given, each a score from 0 to 1. */
export function SetupScorers({ control, models, defaultModel }: SetupScorersProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'scorers' });
  const modelChoices = (models ?? []).map((m) => ({ value: m.id, label: m.name }));
  return (
    <Stack spacing={2}>
      {fields.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No scorer: the answers are kept, not scored.
        </Typography>
      )}
      {fields.map((field, i) => (
        <Paper
          key={field.id}
          variant="outlined"
          component="fieldset"
          sx={{ p: 2, m: 0, borderRadius: 1, position: 'relative' }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1.5 }}>
            Scorer {i + 1}
          </Typography>
          <IconButton
            size="small"
            aria-label={`Remove scorer ${i + 1}`}
            onClick={() => remove(i)}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
          <Stack
            direction="row"
            useFlexGap
            spacing={2}
            sx={{ flexWrap: 'wrap', alignItems: 'flex-start', pr: 5 }}
          >
            <FormSelectField
              control={control}
              name={`scorers.${i}.type`}
              label="Type"
              choices={typeChoices}
              sx={{ width: 260 }}
            />
            <ScorerFields control={control} index={i} modelChoices={modelChoices} />
          </Stack>
        </Paper>
      ))}
      <div>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= EXPERIMENT_LIMITS.scorers}
          onClick={() => append(newScorer('contains', defaultModel))}
        >
          Add a scorer
        </Button>
      </div>
    </Stack>
  );
}
