import { useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { SIGN_IN_PATH } from '../../api/contract/sign-in';
import { useGatewayStatus } from '../../api/gateway';
import { signInPath } from '../../lib/paths';

/**
 * In team sign-in, where to send a browser that nobody is signed in on: the sign-in page, which
 * comes back here afterwards. Undefined (show the screens) while someone is signed in, in mode
 * `none`, and until the gateway has answered (the screens do not wait for it: without a session
 * the API answers 401); null (show nothing) while already on the way there.
 */
export function useSignInRedirect(): string | null | undefined {
  const { data } = useGatewayStatus();
  const location = useLocation();
  const navigation = useNavigation();
  const auth = data?.auth;
  // Someone signed in on this page a moment ago, or the gateway saw the browser's session over:
  // it has ended (expired, signed out elsewhere, disabled), which the sign-in page says.
  const [someoneWasSignedIn, setSomeoneWasSignedIn] = useState(false);
  if (auth?.person && !someoneWasSignedIn) setSomeoneWasSignedIn(true);

  if (!auth || auth.mode === 'none' || auth.person) return undefined;
  // On its way already (a request met the ended session first): its address stays.
  if (navigation.location?.pathname === SIGN_IN_PATH) return null;
  const next = location.pathname + location.search;
  const ended = someoneWasSignedIn || auth.sessionEnded;
  return signInPath({ next, reason: ended ? 'ended' : undefined });
}
