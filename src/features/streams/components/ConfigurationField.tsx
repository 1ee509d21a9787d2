import { Controller, useFormContext } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import type { Connector } from '../../../api/contract/streams';
import type { WizardValues } from '../model/wizard-values';

export type ConnectorField = Connector['fields'][number];

export interface ConfigurationFieldProps {
  field: ConnectorField;
}

export const configurationName = (field: ConnectorField) => `configuration.${field.name}` as const;

/** Any connector field the console has no special input for: text, labelled as the platform says. */
export function ConfigurationField({ field }: ConfigurationFieldProps) {
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name={configurationName(field)}
      render={({ field: input, fieldState }) => (
        <TextField
          label={field.label}
          required={field.required}
          name={input.name}
          value={input.value ?? ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          inputRef={input.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? field.help}
          fullWidth
          sx={{ maxWidth: 640 }}
        />
      )}
    />
  );
}
