import { useState } from 'react';
import { useSetCalculatedFieldsLocked, type BulkField } from '../../../api/calculated-fields';
import { mergeRetry, summarize, type BulkSummary } from '../lib/bulk-result';

export type BulkLockState =
  | { step: 'idle' }
  | { step: 'confirm'; fields: BulkField[]; locked: boolean }
  | { step: 'running'; fields: BulkField[]; locked: boolean; done: number; earlier?: BulkSummary }
  | { step: 'result'; summary: BulkSummary };

/**
 * Bulk lock and unlock: confirm with the count, run a few at a time with progress, then each
 * field's result; the failures can be tried again, and the result adds up both runs.
 */
export function useBulkLock() {
  const [state, setState] = useState<BulkLockState>({ step: 'idle' });
  const mutation = useSetCalculatedFieldsLocked();

  const run = async (fields: BulkField[], locked: boolean, earlier?: BulkSummary) => {
    setState({ step: 'running', fields, locked, done: 0, earlier });
    const outcomes = await mutation.mutateAsync({
      fields,
      locked,
      onProgress: (done) => setState((s) => (s.step === 'running' ? { ...s, done } : s)),
    });
    const summary = summarize(outcomes, locked);
    setState({ step: 'result', summary: earlier ? mergeRetry(earlier, summary) : summary });
  };

  return {
    state,
    ask: (fields: BulkField[], locked: boolean) => setState({ step: 'confirm', fields, locked }),
    confirm: () => {
      if (state.step === 'confirm') void run(state.fields, state.locked);
    },
    retryFailed: () => {
      if (state.step === 'result')
        void run(
          state.summary.failed.map((f) => f.field),
          state.summary.locked,
          state.summary,
        );
    },
    close: () => {
      if (state.step !== 'running') setState({ step: 'idle' });
    },
  };
}
