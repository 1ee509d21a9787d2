import { useCallback, useState } from 'react';
import type { TextGenerationBody } from '../../../api/contract';
import { generateText, type TimedGeneration } from '../../../api/generation';
import { checkDraft, hasProblems, toRequest, type Draft } from '../lib/draft';

export interface Variant {
  id: number;
  label: string;
  draft: Draft;
  state:
    | { kind: 'idle' }
    | { kind: 'running' }
    | { kind: 'done'; request: TextGenerationBody; result: TimedGeneration }
    | { kind: 'failed'; error: unknown };
}

const letters = 'ABCDEFGHIJ';
export const MAX_VARIANTS = letters.length;

/** Variants of a prompt (template, model, settings), run together on one input. */
export function useCompare(sessionId: string) {
  const [variants, setVariants] = useState<Variant[]>([]);
  const [next, setNext] = useState(0);

  const add = useCallback(
    (draft: Draft) => {
      setVariants((list) =>
        list.length >= MAX_VARIANTS
          ? list
          : [
              ...list,
              {
                id: next,
                label: `Variant ${letters[next % letters.length]}`,
                draft,
                state: { kind: 'idle' },
              },
            ],
      );
      setNext((n) => n + 1);
    },
    [next],
  );

  const remove = useCallback(
    (id: number) => setVariants((list) => list.filter((v) => v.id !== id)),
    [],
  );

  const update = (id: number, state: Variant['state']) =>
    setVariants((list) => list.map((v) => (v.id === id ? { ...v, state } : v)));

  /** Every variant on the same input, at once; each answer arrives on its own. */
  const runAll = useCallback(
    (input: string) => {
      for (const variant of variants) {
        const draft = { ...variant.draft, input };
        if (hasProblems(checkDraft(draft))) {
          update(variant.id, {
            kind: 'failed',
            error: new Error('A placeholder of this variant has no value, or a setting is invalid'),
          });
          continue;
        }
        const request = toRequest(draft, sessionId);
        update(variant.id, { kind: 'running' });
        generateText(request).then(
          (result) => update(variant.id, { kind: 'done', request, result }),
          (error: unknown) => update(variant.id, { kind: 'failed', error }),
        );
      }
    },
    [sessionId, variants],
  );

  return {
    variants,
    add,
    remove,
    runAll,
    running: variants.some((v) => v.state.kind === 'running'),
  };
}
export type Compare = ReturnType<typeof useCompare>;
