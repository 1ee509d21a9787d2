export { FormCheckbox, type FormCheckboxProps } from './FormCheckbox';
export {
  FormDialog,
  FormDialogActions,
  type FormDialogProps,
  type FormDialogActionsProps,
} from './FormDialog';
export { FormTextField, type FormTextFieldProps } from './FormTextField';
export {
  FormSelectField,
  type FormSelectChoice,
  type FormSelectFieldProps,
} from './FormSelectField';
