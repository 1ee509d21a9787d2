import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mapBounded, type Outcome } from '../../lib/bounded';
import type { CalculatedField } from '../contract/calculated-fields';
import { invalidateCalculatedFields } from './keys';
import { setCalculatedFieldLocked } from './set-calculated-field-locked';

/** Lock requests in flight at once during a bulk change: the platform takes one field per PUT. */
export const BULK_LOCK_CONCURRENCY = 6;

export type BulkField = Pick<CalculatedField, 'id' | 'name'>;
export type BulkLockOutcome = Outcome<BulkField, CalculatedField>;

export interface BulkLockOptions {
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Locks or unlocks each field with its own PUT (spec 4.4 has no bulk form), a few at a time; one
 * refusal does not stop the others. Each field's outcome is returned, in the order given.
 */
export const setCalculatedFieldsLocked = (
  fields: BulkField[],
  locked: boolean,
  { concurrency = BULK_LOCK_CONCURRENCY, signal, onProgress }: BulkLockOptions = {},
) =>
  mapBounded(fields, (field) => setCalculatedFieldLocked(field.id, locked, signal), {
    concurrency,
    onProgress,
  });

export interface BulkLockInput {
  fields: BulkField[];
  locked: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Pessimistic: the screen shows progress, then each field's outcome. */
export const useSetCalculatedFieldsLocked = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, locked, onProgress }: BulkLockInput) =>
      setCalculatedFieldsLocked(fields, locked, { onProgress }),
    onSettled: () => invalidateCalculatedFields(queryClient),
  });
};
