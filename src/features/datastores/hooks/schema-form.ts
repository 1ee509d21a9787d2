import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import {
  collectionColumn,
  type CollectionColumn,
  type CollectionColumnType,
} from '../../../api/contract';
import { isApiError } from '../../../api/errors';

/** How the platform compares column names. */
export const sameName = (name: string) => name.trim().toLowerCase();

/**
 * Schema columns as a form edits them. Names must be unique (ignoring case and spaces, as the
 * platform compares them): they become the columns of the linked dataset.
 */
export const schemaColumnsField = z.array(collectionColumn).superRefine((columns, ctx) => {
  const counts = new Map<string, number>();
  for (const { name } of columns) {
    const key = sameName(name);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  columns.forEach(({ name }, i) => {
    if ((counts.get(sameName(name)) ?? 0) > 1)
      ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Another column has this name' });
  });
});

export interface ColumnsFormValues {
  columns: CollectionColumn[];
}

export const newColumn = (type: CollectionColumnType = 'STRING'): CollectionColumn => ({
  name: '',
  type,
});

/** Friendlier words for the contract's bare bounds (a schema's own message still wins). */
export const formErrorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    return 'Enter a name';
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `At most ${String(issue.maximum)} characters`;
  return undefined;
};

/** Form messages start with a capital, whatever wrote them. */
export const sentence = (message: string | undefined) =>
  message ? message.charAt(0).toUpperCase() + message.slice(1) : undefined;

/**
 * The platform names the bad field first (`name: ...`, `schema.columns.1.name: ...`); when that
 * field is on the form, its message goes beside it too.
 */
export function showServerErrorOnField<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  isField: (path: string) => boolean,
) {
  if (!isApiError(error) || error.status !== 400) return;
  const match = /^([\w.]+): (.+)$/.exec(error.message);
  if (!match) return;
  const field = match[1]!.replace(/^schema\./, '');
  if (isField(field)) setError(field as FieldPath<T>, { type: 'server', message: match[2] });
}

export const isColumnField = (path: string) => /^columns\.\d+\.(name|type)$/.test(path);
