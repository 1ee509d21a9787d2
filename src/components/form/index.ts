export { FormCheckbox, type FormCheckboxProps } from './FormCheckbox';
export { FormDialog, type FormDialogProps } from './FormDialog';
export { FormTextField, type FormTextFieldProps } from './FormTextField';
