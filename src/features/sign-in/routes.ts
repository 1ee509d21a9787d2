import type { RouteObject } from 'react-router';
import { SIGN_IN_PATH } from '../../api/contract/sign-in';

/**
 * The sign-in page of team sign-in: outside the app's layout, one lazy chunk; `around` gives it
 * the app's loading and error screens.
 */
export const signInRoutes = (
  around: Pick<RouteObject, 'HydrateFallback' | 'ErrorBoundary'>,
): RouteObject[] => [
  {
    ...around,
    path: SIGN_IN_PATH,
    lazy: { Component: async () => (await import('./pages')).SignInPage },
  },
];
