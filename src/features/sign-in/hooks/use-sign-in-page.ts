import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { forgetSignedInData, gatewayStatusQueryOptions } from '../../../api/gateway';
import { safeNextPath } from '../../../api/contract/safe-next-path';

/** A message in the address is anyone's to write: shown as plain text, and only so much of it. */
const MAX_MESSAGE_LENGTH = 300;

export type SignInView =
  | { kind: 'checking' }
  | { kind: 'failed'; error: unknown; retry: () => void }
  | { kind: 'signed-in' }
  | { kind: 'platform' }
  | { kind: 'oidc'; provider: string };

/** Decides what the sign-in page shows: the form, the provider's button, or the way back. */
export function useSignInPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // Whoever signs in next is never shown what the last person was (signed out, or their session
  // ended). Here, not on the way out: the screens left behind would only ask again.
  useEffect(() => forgetSignedInData(queryClient), [queryClient]);
  // Asked afresh on every visit: a cached answer may still name a person whose session has ended.
  const status = useQuery({ ...gatewayStatusQueryOptions(), refetchOnMount: 'always' });
  const auth = status.data?.auth;

  let view: SignInView;
  if (status.isError) {
    view = { kind: 'failed', error: status.error, retry: () => void status.refetch() };
  } else if (!status.isFetchedAfterMount || !status.data) {
    view = { kind: 'checking' };
  } else if (!auth || auth.mode === 'none' || auth.person) {
    view = { kind: 'signed-in' };
  } else if (auth.mode === 'oidc') {
    view = { kind: 'oidc', provider: auth.signInWith ?? 'your provider' };
  } else {
    view = { kind: 'platform' };
  }

  return {
    view,
    next: safeNextPath(params.get('next')),
    sessionEnded: params.get('reason') === 'ended',
    error: params.get('error')?.slice(0, MAX_MESSAGE_LENGTH) || undefined,
  };
}
