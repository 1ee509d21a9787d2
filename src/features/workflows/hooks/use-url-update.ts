import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Search params as a list's state: `update` sets or clears keys and, unless told otherwise,
 * returns to page 1 (a new filter or sort starts over).
 */
export function useUrlUpdate() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>, { resetPage = true, replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [params, update] as const;
}
