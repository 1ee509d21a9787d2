import type { Control, FieldValues, Path } from 'react-hook-form';
import type { TextFieldProps } from '@mui/material/TextField';
import { FormTextField } from '../../../components/form';
import { sentence } from '../hooks/schema-form';

export type NameFieldProps<T extends { name: string }> = Pick<
  TextFieldProps,
  'label' | 'size' | 'autoFocus' | 'fullWidth' | 'disabled' | 'sx'
> & { control: Control<T> };

/** A datastore's or a collection's name: required, its error as a sentence. */
export function NameField<T extends { name: string } & FieldValues>({
  control,
  label = 'Name',
  autoFocus = true,
  fullWidth = true,
  ...props
}: NameFieldProps<T>) {
  return (
    <FormTextField
      control={control}
      name={'name' as Path<T>}
      label={label}
      required
      autoFocus={autoFocus}
      fullWidth={fullWidth}
      autoComplete="off"
      errorText={sentence}
      {...props}
    />
  );
}
