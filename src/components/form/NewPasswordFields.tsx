import type { Control, FieldPath } from 'react-hook-form';
import { asSentence } from '../../api/access/password-input';
import { PASSWORD_RULE } from '../../api/contract';
import { FormTextField } from './FormTextField';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * A new password typed twice, with the platform's rule under the first field: the same two
 * fields wherever a password is set (an Admin's Set password, a person's Change password).
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  control,
  autoFocus = false,
}: {
  control: Control<T>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as FieldPath<T>}
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        fullWidth
        helperText={PASSWORD_RULE}
        errorText={asSentence}
      />
      <FormTextField
        control={control}
        name={'confirmPassword' as FieldPath<T>}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
      />
    </>
  );
}
