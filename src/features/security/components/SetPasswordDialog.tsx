import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import type { AccessUser } from '../../../api/contract';
import { ErrorState } from '../../../components';
import { FormDialog, FormDialogActions } from '../../../components/form';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { useSetPasswordForm } from '../hooks/use-set-password-form';

export interface SetPasswordDialogProps {
  user: AccessUser;
  /** The Admin's own row: their own console sessions end too, this one among them. */
  isMe: boolean;
  open: boolean;
  onClose: () => void;
}

/** An Admin sets a user's password. Loaded on the first press of "Set password": forms stay off the list. */
export default function SetPasswordDialog({ user, isMe, open, onClose }: SetPasswordDialogProps) {
  const { form, submit, sending, error, close } = useSetPasswordForm(user, onClose);
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`Set password for ${user.displayName}`}
      onSubmit={(event) => void submit(event)}
      maxWidth="xs"
    >
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {isMe
              ? 'Your console sessions end at once, this one too when you signed in to it, and so do your platform session tokens. Tokens you were given keep working.'
              : `${user.displayName}’s console sessions end at once, and so do their platform session tokens. Tokens they were given keep working.`}
          </DialogContentText>
          <NewPasswordFields control={form.control} autoFocus />
          {error && <ErrorState error={error} title="The password was not set" />}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={close} busy={sending} submitLabel="Set password" />
    </FormDialog>
  );
}
