import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { ErrorState } from '../../components/ErrorState';
import { FormDialog, FormDialogActions, FormTextField } from '../../components/form';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { useChangePasswordForm } from './use-change-password-form';

export interface ChangePasswordDialogProps {
  /** The signed-in person's platform user id. */
  userId: number;
  open: boolean;
  onClose: () => void;
}

/** Change one's own password; loaded on the first choice of "Change password" in the user menu. */
export default function ChangePasswordDialog({ userId, open, onClose }: ChangePasswordDialogProps) {
  const { form, submit, sending, error, close } = useChangePasswordForm(userId, onClose);
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Change password"
      onSubmit={(event) => void submit(event)}
      maxWidth="xs"
    >
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Your console sessions end once it is changed, this one too: you sign in again with the
            new password.
          </DialogContentText>
          <FormTextField
            control={form.control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            fullWidth
          />
          <NewPasswordFields control={form.control} />
          {error && <ErrorState error={error} title="Your password was not changed" />}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={close} busy={sending} submitLabel="Change password" />
    </FormDialog>
  );
}
