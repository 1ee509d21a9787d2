import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/form';
import { useSignInForm } from '../hooks/use-sign-in-form';
import { SignInError } from './SignInError';

/** Email and password, checked by the platform through the gateway. */
export function SignInForm({ next }: { next: string }) {
  const { form, submit, sending, error } = useSignInForm(next);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
      />
      {error && !sending && <SignInError error={error} />}
      <Button type="submit" variant="contained" size="large" loading={sending} fullWidth>
        Sign in
      </Button>
    </Stack>
  );
}
