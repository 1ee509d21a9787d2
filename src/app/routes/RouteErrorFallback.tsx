import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { describe } from './route-error';

/** When the alert's chunk cannot be fetched either (the console server is down): the same, unstyled. */
function PlainRouteError() {
  const error = useRouteError();
  useDocumentTitle('Error');
  return (
    <div role="alert" style={{ padding: 24, maxWidth: 720 }}>
      <strong>This page stopped working</strong>
      <p>{describe(error)}</p>
      <p>Reloading usually helps, for example after the console was updated.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

// Loaded on first use: the first page does without MUI's Alert until a route fails.
const RouteErrorAlert = lazy(() =>
  import('./RouteErrorAlert').catch(() => ({ default: PlainRouteError })),
);

/** The error boundary of the routes: a screen that crashed, or a chunk that failed to load. */
export function RouteErrorFallback() {
  return (
    <Suspense fallback={null}>
      <RouteErrorAlert />
    </Suspense>
  );
}
