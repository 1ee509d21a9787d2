import { useState } from 'react';
import type { AccessUser } from '../../../api/contract';

/**
 * Whose password the dialog sets. The user outlives `open`, so the dialog keeps its title while it
 * closes; each opening counts, so that the dialog mounts a fresh form every time.
 */
export function usePasswordTarget() {
  const [state, setState] = useState<{ user?: AccessUser; open: boolean; openings: number }>({
    open: false,
    openings: 0,
  });
  return {
    ...state,
    ask: (user: AccessUser) =>
      setState(({ openings }) => ({ user, open: true, openings: openings + 1 })),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
