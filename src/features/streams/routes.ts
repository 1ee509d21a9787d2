import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** The stream wizard; its page loads lazily, as one chunk. */
export const streamRoutes = (): RouteObject[] => [
  {
    path: 'streams/new',
    lazy: { Component: async () => (await pages()).NewStreamPage },
  },
];
