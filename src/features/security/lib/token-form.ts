import { z } from 'zod';
import { accessTokenKind, type CreateAccessTokenBody } from '../../../api/contract';

export const tokenForm = z.object({
  name: z.string().trim().min(1, 'Give the token a name').max(100, 'At most 100 characters'),
  kind: accessTokenKind,
  /** Null: the caller's own token. */
  ownerId: z.number().int().positive().nullable(),
  /** 0: never expires. */
  expiresInDays: z.number().int().min(0).max(3650),
});
export type TokenFormValues = z.infer<typeof tokenForm>;

export const tokenFormDefaults = (kind: TokenFormValues['kind']): TokenFormValues => ({
  name: '',
  kind,
  ownerId: null,
  expiresInDays: 90,
});

export const toCreateTokenBody = (values: TokenFormValues): CreateAccessTokenBody => ({
  name: values.name.trim(),
  kind: values.kind,
  ...(values.ownerId !== null ? { ownerId: values.ownerId } : {}),
  ...(values.expiresInDays > 0 ? { expiresInDays: values.expiresInDays } : {}),
});
