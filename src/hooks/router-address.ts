import { useCallback, useContext } from 'react';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useLocation,
  type Location,
} from 'react-router';

/*
 * The one module that reads react-router's internals. A list writes to the address the router
 * is at or on its way to, which React may not show yet, and the public hooks give only what React
 * shows. Outside a data router (a component test's MemoryRouter) there is no such address.
 */

export interface LatestAddress {
  /** Where the router is. */
  at: Location;
  /** Where it is on its way to: a navigation still loading. */
  next?: Location;
}

/** A stable getter of the router's latest address; undefined outside a data router. */
export function useLatestAddress(): () => LatestAddress | undefined {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(() => {
    if (!router) return undefined;
    const { location, navigation } = router.state;
    return { at: location, next: navigation.state !== 'idle' ? navigation.location : undefined };
  }, [router]);
}

/** The key of the address the router is at or on its way to. */
export const latestKey = (address: LatestAddress | undefined) =>
  address && (address.next ?? address.at).key;

/**
 * Whether an address is on its way: the router is loading one, or React does not show the
 * router's latest yet. The caller renders again whenever the router's state changes.
 */
export function useAddressOnItsWay() {
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  return (
    state !== null &&
    (state.navigation.state !== 'idle' || router?.state.location.key !== location.key)
  );
}
