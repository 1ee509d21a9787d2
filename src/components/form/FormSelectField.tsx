import type { FieldValues } from 'react-hook-form';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

export interface FormSelectChoice {
  value: string;
  /** The choice's words, in the menu and in the field once chosen. */
  label: string;
  /** A second line under the words, in the menu only. */
  detail?: string;
}

export type FormSelectFieldProps<T extends FieldValues> = Omit<
  FormTextFieldProps<T>,
  'select' | 'children'
> & {
  /** What is offered now, in order. */
  choices: readonly FormSelectChoice[];
};

/**
 * A select of a react-hook-form form. A saved value that is no longer offered (another connector
 * was chosen, the account is gone) shows the field empty, so that nothing stale reads as chosen;
 * the form's schema says whether that value may be submitted.
 */
export function FormSelectField<T extends FieldValues>({
  choices,
  slotProps,
  ...props
}: FormSelectFieldProps<T>) {
  const chosen = (value: unknown) => choices.find((choice) => choice.value === value);
  return (
    <FormTextField
      {...props}
      select
      shown={(value) => (chosen(value) ? value : '')}
      slotProps={{ ...slotProps, select: { renderValue: (value) => chosen(value)?.label } }}
    >
      {choices.map(({ value, label, detail }) => (
        <MenuItem key={value} value={value}>
          {detail === undefined ? label : <ListItemText primary={label} secondary={detail} />}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
