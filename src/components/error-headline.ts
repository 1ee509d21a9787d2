import type { ApiError } from '../api/errors';

/** What ErrorState and its lazily loaded alert (ErrorAlert) are given. */
export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** Overrides the headline derived from the error. */
  title?: string;
}

/** ErrorState's headline for an error (undefined: not an ApiError). */
export function headline(error: ApiError | undefined): string {
  if (!error) return 'Something went wrong';
  if (error.kind === 'network') return 'Cannot reach the console server';
  if (error.kind === 'contract') return 'The platform sent an unexpected answer';
  if (error.kind === 'gateway') {
    if (error.status === 413) return 'The request is too large';
    if (error.status === 421) return 'The gateway refused to forward the request';
    return 'The platform cannot be reached';
  }
  // Spec 4.1/7.4: the platform answers 404 both for "missing" and for "no permission".
  if (error.status === 404) return 'Not found, or you have no access';
  if (error.status === 401) return 'The platform refused the console’s token';
  if (error.status === 403) return 'You have no access';
  return 'Something went wrong';
}
