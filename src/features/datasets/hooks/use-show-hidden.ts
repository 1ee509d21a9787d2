import { useSearchParams } from 'react-router';

/** "Show hidden columns" lives in the URL (`?hidden=true`), like every other view setting. */
export function useShowHidden() {
  const [params, setParams] = useSearchParams();
  const showHidden = params.get('hidden') === 'true';
  const setShowHidden = (show: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (show) next.set('hidden', 'true');
        else next.delete('hidden');
        return next;
      },
      { replace: true },
    );
  return [showHidden, setShowHidden] as const;
}
