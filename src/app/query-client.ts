import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError, isClientError, isSignInRequired } from '../api/errors';
import { preloadErrorState } from '../components/ErrorState';
import type { Notify } from '../components/notifications';

/** A 4xx or a malformed answer will not change by asking again. */
const worthRetrying = (error: unknown) =>
  !isClientError(error) && !(isApiError(error) && error.kind === 'contract');

export interface QueryClientOptions {
  /** Tests turn retries off. */
  retry?: boolean;
  /** An answer said the person must sign in (team sign-in): the app sends them there. */
  onSignInRequired?: (error: ApiError, client: QueryClient) => void;
}

export function createQueryClient(
  notify: Notify,
  { retry = true, onSignInRequired }: QueryClientOptions = {},
) {
  // One place for every query and mutation: no screen handles an ended session by itself.
  const signInRequired = (error: unknown): boolean => {
    if (!isSignInRequired(error)) return false;
    onSignInRequired?.(error, client);
    return true;
  };
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onError: (error) => void signInRequired(error) }),
    queryCache: new QueryCache({
      // First-load errors render in place with a Retry; only a failed background refresh of
      // data already on screen becomes a toast, since nothing else would say it is stale.
      onError: (error, query) => {
        if (signInRequired(error)) return;
        void preloadErrorState();
        if (query.state.data === undefined || query.meta?.silentRefetchErrors) return;
        notify.error(`Could not refresh: ${error.message}`);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          // A first-load error renders as ErrorState: its alert loads on the first failure.
          void preloadErrorState();
          return retry && failureCount < 1 && worthRetrying(error);
        },
      },
      mutations: { retry: false },
    },
  });
  return client;
}
