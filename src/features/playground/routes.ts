import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** The prompt playground; its page (editor, markdown, diff) loads lazily, as one chunk. */
export const playgroundRoutes = (): RouteObject[] => [
  {
    path: 'playground',
    lazy: { Component: async () => (await pages()).PlaygroundPage },
  },
];
