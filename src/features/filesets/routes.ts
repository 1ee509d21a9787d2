import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** Fileset search: one lazy chunk. */
export const filesetRoutes = (): RouteObject[] => [
  { path: 'filesets', lazy: { Component: async () => (await pages()).FilesetSearchPage } },
];
