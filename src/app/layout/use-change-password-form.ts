import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSetUserPassword } from '../../api/access';
import {
  changePasswordInput,
  passwordRefusal,
  type ChangePasswordInput,
} from '../../api/access/password-input';
import { useSignOut } from '../../api/gateway';
import { useNotify } from '../../components/notifications';
import { signInPath } from '../../lib/paths';

/**
 * The signed-in person changes their own password, proving it with the one they have now. The
 * platform then ends every console session of theirs, this one too: the console signs out and
 * goes to the sign-in page, where the new password works.
 */
export function useChangePasswordForm(userId: number, onClose: () => void) {
  const change = useSetUserPassword();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const notify = useNotify();
  // From the change to the sign-in page: nothing is left to send or cancel.
  const [leaving, setLeaving] = useState(false);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await change.mutateAsync({ userId, currentPassword, password });
    } catch (error) {
      const refusal = passwordRefusal(error);
      if (refusal)
        form.setError(
          refusal.field,
          { type: 'server', message: refusal.message },
          { shouldFocus: true },
        );
      return;
    }
    setLeaving(true);
    // The session is over already; signing out also forgets it at the gateway.
    await signOut.mutateAsync().catch(() => undefined);
    onClose();
    await navigate(signInPath(), { replace: true });
    notify.success('Password changed: sign in with your new password');
  });

  const error = change.error;
  const sending = change.isPending || leaving;
  return {
    form,
    submit,
    sending,
    // A wrong current password, or a rule the new one breaks, is told beside its field.
    error: passwordRefusal(error) ? null : error,
    close: () => {
      if (!sending) onClose();
    },
  };
}
