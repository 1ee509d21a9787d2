import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState';
import { LoadingState, type LoadingStateProps } from './LoadingState';

/** What `PageState` reads of a query (a React Query result has it all). */
export interface PageQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface PageStateProps<T> {
  query: PageQuery<T>;
  /** The skeleton until the first answer: its label ("Loading datasets"), or all its props. */
  loading: string | LoadingStateProps;
  /** The error's headline, instead of the one its status says. */
  errorTitle?: string;
  /** What an error shows instead of the error alert (a refusal the page explains), if anything. */
  error?: (error: unknown) => ReactNode;
  /** Why the answer shows nothing, when it does (else nothing: `children` show it). */
  empty?: (data: T) => ReactNode;
  children: ReactNode | ((data: T) => ReactNode);
}

/**
 * What a page (or a section of one) shows for its query: a skeleton until the first answer, the
 * error in place with a Retry when there is no answer, why an answer shows nothing, or the answer.
 * An answer already there stays over a refetch's failure (the notifier reports that one).
 */
export function PageState<T>(props: PageStateProps<T>) {
  const { query, loading, errorTitle, empty, children } = props;
  const { data } = query;
  if (data !== undefined)
    return <>{empty?.(data) || (typeof children === 'function' ? children(data) : children)}</>;
  if (query.isError)
    return (
      props.error?.(query.error) || (
        <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />
      )
    );
  return <LoadingState {...(typeof loading === 'string' ? { label: loading } : loading)} />;
}
