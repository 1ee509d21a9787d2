import { useWatch, type FieldValues } from 'react-hook-form';
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
  /**
   * How a saved value that is not offered reads (a data file beyond the list's first page).
   * Without it, such a value shows the field empty.
   */
  unlisted?: (value: string) => FormSelectChoice;
  /** The menu's one (disabled) line when nothing is offered. */
  emptyText?: string;
};

const MENU_PROPS = { slotProps: { paper: { sx: { maxHeight: 360 } } } };

/**
 * A select of a react-hook-form form. A saved value that is no longer offered (another connector
 * was chosen, the account is gone) shows the field empty, so that nothing stale reads as chosen,
 * unless `unlisted` names it; the form's schema says whether that value may be submitted.
 */
export function FormSelectField<T extends FieldValues>({
  choices,
  unlisted,
  emptyText,
  slotProps,
  ...props
}: FormSelectFieldProps<T>) {
  const offered = (value: unknown) => choices.find((choice) => choice.value === value);
  const chosen = (value: unknown) =>
    offered(value) ??
    (unlisted && typeof value === 'string' && value ? unlisted(value) : undefined);
  const saved: unknown = useWatch({ control: props.control, name: props.name });
  const notOffered = offered(saved) ? undefined : chosen(saved);
  return (
    <FormTextField
      {...props}
      select
      shown={(value) => (chosen(value) ? value : '')}
      slotProps={{
        ...slotProps,
        select: { renderValue: (value) => chosen(value)?.label, MenuProps: MENU_PROPS },
      }}
    >
      {choices.length === 0 && emptyText ? (
        <MenuItem disabled value="">
          {emptyText}
        </MenuItem>
      ) : null}
      {notOffered ? <MenuItem value={notOffered.value}>{notOffered.label}</MenuItem> : null}
      {choices.map(({ value, label, detail }) => (
        <MenuItem key={value} value={value}>
          {detail === undefined ? label : <ListItemText primary={label} secondary={detail} />}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
