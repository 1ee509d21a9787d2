import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../api/errors';
import { gatewayStatusQueryOptions } from '../api/gateway';
import { signInPath } from '../lib/paths';

const ENDED = /^your session has ended/i;

interface Address {
  pathname: string;
  search: string;
}

interface RouterLike {
  state: { location: Address; navigation: { location?: Address } };
  navigate: (to: string, options: { replace: boolean }) => Promise<void>;
}

/**
 * What the console does when an answer says the person must sign in (team sign-in: no session,
 * or it has ended): the sign-in page takes the place of the current one, which it comes back to.
 * Every screen's requests meet it here, through the query client, not one by one.
 */
export const sendToSignIn =
  (router: RouterLike) =>
  (error: ApiError, client: QueryClient): void => {
    const { location, navigation } = router.state;
    const at = navigation.location ?? location;
    // The gateway says so ("Your session has ended…", not "Sign in to use the console"), or this
    // page knew the person signed in a moment ago.
    const ended =
      ENDED.test(error.message) ||
      Boolean(client.getQueryData(gatewayStatusQueryOptions().queryKey)?.auth?.person);
    if (at.pathname === signInPath()) {
      // Several requests fail at once, or the status (nobody signed in) came first: the sign-in
      // page is there already, and only learns why when this answer says so.
      const params = new URLSearchParams(at.search);
      if (!ended || params.get('reason') === 'ended') return;
      params.set('reason', 'ended');
      void router.navigate(`${at.pathname}?${params.toString()}`, { replace: true });
      return;
    }
    void router.navigate(
      signInPath({ next: at.pathname + at.search, reason: ended ? 'ended' : undefined }),
      { replace: true },
    );
  };
