import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSetUserPassword } from '../../../api/access';
import {
  passwordRefusal,
  setPasswordInput,
  type SetPasswordInput,
} from '../../../api/access/password-input';
import type { AccessUser } from '../../../api/contract';
import { useNotify } from '../../../components';

/** The form of one opening of "Set password" for `user` (an Admin: no current password). */
export function useSetPasswordForm(user: AccessUser, onClose: () => void) {
  const setPassword = useSetUserPassword();
  const notify = useNotify();
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordInput),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await setPassword.mutateAsync({ userId: user.id, password });
    } catch (error) {
      const refusal = passwordRefusal(error);
      if (refusal?.field === 'password')
        form.setError(
          'password',
          { type: 'server', message: refusal.message },
          { shouldFocus: true },
        );
      return;
    }
    onClose();
    notify.success(`Password set for ${user.displayName}: their console sessions have ended`);
  });

  const error = setPassword.error;
  return {
    form,
    submit,
    sending: setPassword.isPending,
    // A rule the new password breaks is told beside it; anything else in the dialog.
    error: passwordRefusal(error)?.field === 'password' ? null : error,
    close: () => {
      if (!setPassword.isPending) onClose();
    },
  };
}
