import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { UpdateMethod } from '../../../api/contract/streams';
import type { WizardValues } from '../model/wizard-values';

const methods: { value: UpdateMethod; label: string; explanation: string }[] = [
  {
    value: 'APPEND',
    label: 'Append',
    explanation: 'Each run adds its rows as a new partition; the rows of earlier runs stay.',
  },
  {
    value: 'REPLACE',
    label: 'Replace',
    explanation: 'Each run replaces every row of the dataset with the rows it read.',
  },
];

function MethodOption({ value, label, explanation }: (typeof methods)[number]) {
  const id = useId();
  return (
    <Box sx={{ mb: 1.5 }}>
      <FormControlLabel
        value={value}
        label={label}
        control={<Radio slotProps={{ input: { 'aria-describedby': id } }} />}
      />
      <Typography id={id} variant="body2" sx={{ color: 'text.secondary', ml: 4, mt: -0.75 }}>
        {explanation}
      </Typography>
    </Box>
  );
}

/** Step 4: APPEND or REPLACE. */
export function UpdateMethodStep() {
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name="updateMethod"
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" required error={!!fieldState.error}>
          <FormLabel component="legend" id={`${field.name}-label`} sx={{ mb: 1 }}>
            Update method
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${field.name}-label`}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={fieldState.error ? `${field.name}-error` : undefined}
            ref={(el: HTMLElement | null) =>
              field.ref(el ? { focus: () => el.querySelector('input')?.focus() } : null)
            }
          >
            {methods.map((method) => (
              <MethodOption key={method.value} {...method} />
            ))}
          </RadioGroup>
          {fieldState.error && (
            <FormHelperText id={`${field.name}-error`}>{fieldState.error.message}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}
