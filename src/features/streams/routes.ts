import type { RouteObject } from 'react-router';

const pages = async () => (await import('./load-pages')).loadPages();

/** The Streams screen, a stream's page and the stream wizard; one lazy chunk. */
export const streamRoutes = (): RouteObject[] => [
  { path: 'streams', lazy: { Component: async () => (await pages()).StreamsPage } },
  { path: 'streams/new', lazy: { Component: async () => (await pages()).NewStreamPage } },
  { path: 'streams/:streamId', lazy: { Component: async () => (await pages()).StreamPage } },
];
