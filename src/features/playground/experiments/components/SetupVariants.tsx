import { useFieldArray, type Control } from 'react-hook-form';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { EXPERIMENT_LIMITS, type GenerationModel } from '../../../../api/contract';
import { FormSelectField, FormTextField } from '../../../../components/form';
import { variantLetter } from '../lib/describe';
import { newVariant, type PromptVersion, type SetupForm } from '../lib/setup-form';

interface SetupVariantsProps {
  control: Control<SetupForm>;
  models: GenerationModel[] | undefined;
  versions: PromptVersion[];
  defaultModel: string;
}

/** One to four variants: a model × a version of the prompt × parameters. */
export function SetupVariants({ control, models, versions, defaultModel }: SetupVariantsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'variants' });
  const modelChoices = (models ?? []).map((m) => ({ value: m.id, label: m.name, detail: m.id }));
  const versionChoices = versions.map((v) => ({ value: v.key, label: v.label }));
  return (
    <Stack spacing={2}>
      {fields.map((field, i) => (
        <Paper
          key={field.id}
          variant="outlined"
          component="fieldset"
          sx={{ p: 2, m: 0, borderRadius: 1, position: 'relative' }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1.5 }}>
            Variant {variantLetter(i)}
          </Typography>
          {fields.length > 1 && (
            <IconButton
              size="small"
              sx={{ position: 'absolute', top: 8, right: 8 }}
              aria-label={`Remove variant ${variantLetter(i)}`}
              onClick={() => remove(i)}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          )}
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', pr: 5 }}>
            <FormSelectField
              control={control}
              name={`variants.${i}.model`}
              label="Model"
              choices={modelChoices}
              emptyText="Loading the models…"
              sx={{ minWidth: 260, flex: 2 }}
            />
            <FormSelectField
              control={control}
              name={`variants.${i}.version`}
              label="Prompt version"
              choices={versionChoices}
              emptyText="Pick a prompt first"
              sx={{ minWidth: 200, flex: 1 }}
            />
            <FormTextField
              control={control}
              name={`variants.${i}.temperature`}
              label="Temperature"
              helperText="Empty: the model’s default"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ width: 200 }}
            />
            <FormTextField
              control={control}
              name={`variants.${i}.maxTokens`}
              label="Max tokens"
              helperText="Empty: the model’s default"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: 200 }}
            />
            <FormSelectField
              control={control}
              name={`variants.${i}.responseKind`}
              label="Response format"
              choices={[
                { value: 'text', label: 'Text' },
                { value: 'json', label: 'JSON (the prompt’s schema)' },
              ]}
              sx={{ width: 240 }}
            />
            <FormTextField
              control={control}
              name={`variants.${i}.name`}
              label="Name (optional)"
              helperText="Empty: model · prompt version"
              sx={{ minWidth: 240, flex: 1 }}
            />
          </Stack>
        </Paper>
      ))}
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= EXPERIMENT_LIMITS.variants}
          onClick={() => append(newVariant(defaultModel, versions[0]?.key ?? ''))}
        >
          Add a variant
        </Button>
        {fields.length >= EXPERIMENT_LIMITS.variants && (
          <Typography variant="caption" sx={{ color: 'text.secondary', ml: 1 }}>
            At most {EXPERIMENT_LIMITS.variants} variants
          </Typography>
        )}
        <FormTextField
          control={control}
          name="concurrency"
          label="Calls at once"
          helperText={`To each model, 1 to ${EXPERIMENT_LIMITS.concurrency}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 200, ml: { sm: 'auto' } }}
        />
      </Stack>
    </Stack>
  );
}
