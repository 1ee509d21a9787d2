import type { BulkField, BulkLockOutcome } from '../../../api/calculated-fields';

export interface BulkSummary {
  locked: boolean;
  succeeded: BulkField[];
  failed: { field: BulkField; reason: string }[];
}

const reasonOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The platform refused the change';

/** Each field's outcome of a bulk lock or unlock, split into what worked and what did not. */
export function summarize(outcomes: BulkLockOutcome[], locked: boolean): BulkSummary {
  return {
    locked,
    succeeded: outcomes.filter((o) => o.ok).map((o) => o.item),
    failed: outcomes.flatMap((o) => (o.ok ? [] : [{ field: o.item, reason: reasonOf(o.error) }])),
  };
}

/** A retry adds to the earlier summary: fields that now succeed move out of the failures. */
export function mergeRetry(earlier: BulkSummary, retry: BulkSummary): BulkSummary {
  return {
    locked: earlier.locked,
    succeeded: [...earlier.succeeded, ...retry.succeeded],
    failed: retry.failed,
  };
}
