import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** Custom apps: the declared apps, and one app's mapping and recent calls. */
export const appRoutes = (): RouteObject[] => [
  { path: 'apps', lazy: { Component: async () => (await pages()).AppsPage } },
  { path: 'apps/:appId', lazy: { Component: async () => (await pages()).AppPage } },
];
