import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** How the field's error reads under it (default: as the schema wrote it). */
  errorText?: (message: string | undefined) => ReactNode;
  /** What the field shows for the form's value (a select: nothing for a value not offered). */
  shown?: (value: unknown) => unknown;
};

const asWritten = (message: string | undefined) => message;
const asIs = (value: unknown) => value;

/** A text field of a react-hook-form form: its value, its error under it in red. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  errorText = asWritten,
  shown = asIs,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      // The ref goes to the input alone, so that a failed submit puts focus in this field.
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          value={shown(field.value)}
          inputRef={ref}
          {...props}
          error={fieldState.invalid}
          helperText={fieldState.error ? errorText(fieldState.error.message) : helperText}
        />
      )}
    />
  );
}
