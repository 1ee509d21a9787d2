import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router';
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
 * or sort returns to page 1, typing replaces the history entry. Writes apply to the router's
 * latest address even from an older render's callback; one that changes nothing does not
 * navigate (a needless entry would drop what Forward leads to).
 *
 * A write belongs to the screen that made it: it is dropped once the screen is gone, once the
 * router is at another path (React may still show this screen while the next one renders), or
 * while the router is on its way to one (a lazy screen loading); else a late write (a debounced
 * search, a grid's effect) would pull the user back.
 */
export function useListParams<S extends ParamSpec>(spec: S) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useMemo(() => readParams(spec, new URLSearchParams(search)), [spec, search]);

  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const set = useCallback(
    (changes: Partial<ListState<S>>, options?: WriteOptions) => {
      if (!mounted.current) return;
      let latest = search;
      if (router) {
        const { location, navigation } = router.state;
        if (location.pathname !== pathname) return;
        const pending = navigation.state !== 'idle' ? navigation.location : undefined;
        if (pending && pending.pathname !== pathname) return;
        // A write of this screen still on its way is the latest address.
        latest = (pending ?? location).search;
      }
      const current = new URLSearchParams(latest);
      const { next, replace } = writeParams(spec, current, changes, options);
      const written = next.toString();
      if (written === current.toString()) return;
      void navigate(`?${written}`, { replace });
    },
    [spec, navigate, router, pathname, search],
  );

  return [state, set] as const;
}

export type SetListParams<S extends ParamSpec> = ReturnType<typeof useListParams<S>>[1];
