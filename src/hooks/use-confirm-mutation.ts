import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';

export interface ConfirmedCall<TData, TVariables> {
  variables: TVariables;
  /** After the call succeeded; the dialog is already closing. */
  onSuccess?: (data: TData) => void;
}

export interface ConfirmMutationOptions {
  /** Close the dialog when the call fails too (the screen shows the error elsewhere). */
  closeOnError?: boolean;
}

/**
 * Confirm a mutation on one target first: `ask(target)` opens the dialog, its confirm button runs
 * the call that `call(target)` describes, success closes it, a failure stays in it to be read.
 * `dialog` is what ConfirmDialog takes: `<ConfirmDialog {...remove.dialog} title=… />`.
 */
export function useConfirmMutation<T, TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
  call: (target: T) => ConfirmedCall<TData, TVariables>,
  { closeOnError = false }: ConfirmMutationOptions = {},
) {
  // The target outlives `open`, so the dialog keeps its words while it closes.
  const [asked, setAsked] = useState<{ target: T } | null>(null);
  const [open, setOpen] = useState(false);

  return {
    target: asked?.target,
    ask: (target: T) => {
      mutation.reset();
      setAsked({ target });
      setOpen(true);
    },
    dialog: {
      open,
      pending: mutation.isPending,
      error: closeOnError ? null : mutation.error,
      onClose: () => {
        if (!mutation.isPending) setOpen(false);
      },
      onConfirm: () => {
        if (!asked) return;
        const { variables, onSuccess } = call(asked.target);
        mutation.mutate(variables, {
          onSuccess: (data) => {
            setOpen(false);
            onSuccess?.(data);
          },
          onError: () => {
            if (closeOnError) setOpen(false);
          },
        });
      },
    },
  };
}
