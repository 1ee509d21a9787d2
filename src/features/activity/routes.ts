import type { RouteObject } from 'react-router';

/** The Activity screen; one lazy chunk. */
export const activityRoutes = (): RouteObject[] => [
  {
    path: 'activity',
    lazy: { Component: async () => (await import('./pages')).ActivityPage },
  },
];
