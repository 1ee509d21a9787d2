import { useEffect, useState, type ComponentType } from 'react';
import { isApiError } from '../api/errors';
import { headline, type ErrorStateProps } from './error-headline';

/** When the alert's chunk cannot be fetched (the console server is down): the same, unstyled. */
function PlainErrorState({ error, onRetry, title }: ErrorStateProps) {
  const heading = title ?? headline(isApiError(error) ? error : undefined);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert">
      <strong>{heading}</strong>
      {message !== heading && <div>{message}</div>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

type Alert = ComponentType<ErrorStateProps>;
let loaded: Alert | undefined;
let loading: Promise<Alert> | undefined;

/**
 * Fetches the error alert (MUI's Alert, AlertTitle, the copy button): the first page does without
 * it until something fails. The query client calls this on a query's first failure,
 * so the chunk is usually there by the time the error shows.
 */
export function preloadErrorState(): Promise<Alert> {
  return (loading ??= import('./ErrorAlert').then(
    (m) => (loaded = m.default),
    () => {
      loading = undefined; // asked again next time
      return PlainErrorState;
    },
  ));
}

/** A failed load, in place: headline, message, HTTP status, trace id, and a Retry. */
export function ErrorState(props: ErrorStateProps) {
  const [Loaded, setLoaded] = useState<Alert | undefined>(() => loaded);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    void preloadErrorState().then((component) => live && setLoaded(() => component));
    return () => {
      live = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : null;
}
