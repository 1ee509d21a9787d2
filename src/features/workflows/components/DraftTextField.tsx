import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type DraftTextFieldProps = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'error' | 'helperText'
> & {
  /** The draft's value: anything but a string (the JSON may hold one) shows as empty. */
  value: unknown;
  onChange: (text: string) => void;
  /** What is wrong with the value, said under the field in red. */
  problem?: string;
};

/** A text field of the workflow being edited: its value, and its problem under it. */
export function DraftTextField({ value, onChange, problem, ...props }: DraftTextFieldProps) {
  return (
    <TextField
      {...props}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem}
    />
  );
}
