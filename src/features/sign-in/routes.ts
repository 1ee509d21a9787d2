import type { RouteObject } from 'react-router';
import { signInPath } from '../../lib/paths';

/** The sign-in page of team sign-in: outside the app's layout, one lazy chunk. */
export const signInRoutes = (): RouteObject[] => [
  {
    path: signInPath(),
    lazy: { Component: async () => (await import('./pages')).SignInPage },
  },
];
