import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import {
  readParams,
  writeParams,
  type ListState,
  type ParamSpec,
  type WriteOptions,
} from '../lib/list-params';

/**
 * A list's state, as declared by `spec` (a module constant: see `src/lib/list-params.ts`), read
 * from the address, and a `set` that writes changes to it: defaults leave the URL, a new filter
 * or sort returns to page 1, typing replaces the history entry. Writes apply to the latest
 * address even from an older render's callback; one that changes nothing does not navigate (a
 * needless entry would drop what Forward leads to); one made once the user is leaving, or has
 * left, is dropped.
 */
export function useListParams<S extends ParamSpec>(spec: S) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While the user is on the way to another path (a lazy screen loading), this list is still
  // shown, and its grid's or search's late writes would pull the user back: they are dropped.
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const state = useMemo(() => readParams(spec, new URLSearchParams(search)), [spec, search]);

  const latest = useRef(search);
  const isLeaving = useRef(leaving);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);
  useLayoutEffect(() => {
    isLeaving.current = leaving;
  }, [leaving]);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const set = useCallback(
    (changes: Partial<ListState<S>>, options?: WriteOptions) => {
      if (!mounted.current || isLeaving.current) return;
      const current = new URLSearchParams(latest.current);
      const { next, replace } = writeParams(spec, current, changes, options);
      const written = next.toString();
      if (written === current.toString()) return;
      latest.current = `?${written}`;
      void navigate(`?${written}`, { replace });
    },
    [spec, navigate],
  );

  return [state, set] as const;
}

export type SetListParams<S extends ParamSpec> = ReturnType<typeof useListParams<S>>[1];
