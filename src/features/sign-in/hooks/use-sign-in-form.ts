import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useSignIn } from '../../../api/gateway';
import { signInForm } from '../lib/sign-in-form';

type FormInput = z.input<typeof signInForm>;
type FormOutput = z.output<typeof signInForm>;

/** Email and password (CONSOLE_AUTH=platform); once signed in, back to `next`. */
export function useSignInForm(next: string) {
  const signIn = useSignIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(signInForm),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch {
      return; // shown above the button
    }
    // The person changed: every answer is theirs to ask afresh, the gateway's status first, which
    // must name them before the app's screens look at it.
    await queryClient.invalidateQueries();
    await navigate(next, { replace: true });
  });

  return { form, submit, sending: form.formState.isSubmitting, error: signIn.error };
}
