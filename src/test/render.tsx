import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
// 'react-router', not 'react-router/dom': vitest would load the latter's own copy of the router.
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/provider';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { sendToSignIn } from '../app/sign-in-redirect';
import { createNotifier, followLocation } from '../components/notifications';

/** Given routes in a memory router at `url`, with every provider and a fresh QueryClient. */
export function renderRoutes(routes: RouteObject[], url = '/') {
  const notifier = createNotifier();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient(notifier.notify, {
    retry: false,
    onSignInRequired: sendToSignIn(router),
  });
  followLocation(router, notifier);
  const view = render(
    <AppProviders queryClient={queryClient} notifier={notifier}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, queryClient, router, notifier };
}

/** The whole console (layout, routes, lazy pages) at `url`, with a fresh QueryClient. */
export const renderApp = (url: string) => renderRoutes(appRoutes(), url);

/** One element with every provider around it, at `url` of a memory router. */
export const renderWithProviders = (ui: ReactElement, { url = '/' }: { url?: string } = {}) =>
  renderRoutes([{ path: '*', element: ui }], url);

/**
 * `ui` at `url` under a router whose loader the test can hold, standing for a slow machine where
 * an address lands late: while `held.on`, a navigation waits until `land()`.
 */
export function renderHeld(ui: ReactElement, url = '/') {
  const held = { on: false, release: () => {} };
  const loader = () =>
    held.on ? new Promise<null>((resolve) => (held.release = () => resolve(null))) : null;
  const view = renderRoutes([{ path: '*', element: ui, loader, HydrateFallback: () => null }], url);
  const land = async () => {
    held.on = false;
    await act(async () => {
      held.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { ...view, held, land };
}
