import { useCallback } from 'react';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';

const spec = { hidden: param.flag() };

/** "Show hidden columns" lives in the URL (`?hidden=true`), like every other view setting. */
export function useShowHidden() {
  const [state, set] = useListParams(spec);
  const setShowHidden = useCallback((hidden: boolean) => set({ hidden }), [set]);
  return [state.hidden, setShowHidden] as const;
}
