import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';

export interface FormCheckboxProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  label: ReactNode;
  /** One line under the box that says what it does (the box's description). */
  help?: ReactNode;
  disabled?: boolean;
  /** A switch instead of a check box (a setting that is on or off). */
  variant?: 'checkbox' | 'switch';
}

/** A yes/no field of a react-hook-form form, with its help line under it. */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  help,
  disabled,
  variant = 'checkbox',
}: FormCheckboxProps<T>) {
  const helpId = useId();
  const Box = variant === 'switch' ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Box
                checked={Boolean(field.value)}
                onChange={(_event, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { 'aria-describedby': help ? helpId : undefined } }}
              />
            }
          />
          {help && (
            <FormHelperText id={helpId} sx={{ mt: 0 }}>
              {help}
            </FormHelperText>
          )}
        </div>
      )}
    />
  );
}
