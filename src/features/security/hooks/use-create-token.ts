import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCreateAccessToken } from '../../../api/access';
import type { AccessTokenKind, CreatedAccessToken } from '../../../api/contract';
import {
  toCreateTokenBody,
  tokenForm,
  tokenFormDefaults,
  type TokenFormValues,
} from '../lib/token-form';

/**
 * The create form, then the one sight of the value: it lives in this hook's state only (never in
 * the query cache or the URL) and is gone when the dialog closes.
 */
export function useCreateToken(defaultKind: AccessTokenKind) {
  const create = useCreateAccessToken();
  const [created, setCreated] = useState<CreatedAccessToken>();
  const form = useForm<TokenFormValues>({
    resolver: zodResolver(tokenForm),
    defaultValues: tokenFormDefaults(defaultKind),
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(toCreateTokenBody(values), { onSuccess: setCreated }),
  );
  return { form, submit, pending: create.isPending, error: create.error, created };
}
export type CreateTokenState = ReturnType<typeof useCreateToken>;
