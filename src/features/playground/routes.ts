import type { RouteObject } from 'react-router';

/**
 * The prompt playground and its experiments (list, setup, results, compare): one route, whose
 * screen (screens.tsx) fetches the page asked for, each a chunk of its own.
 */
export const playgroundRoutes = (): RouteObject[] => [
  { path: 'playground/*', lazy: () => import('./screens') },
];
