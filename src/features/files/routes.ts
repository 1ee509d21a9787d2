import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** The data files list and a data file's page: one lazy chunk. */
export const dataFileRoutes = (): RouteObject[] => [
  { path: 'files', lazy: { Component: async () => (await pages()).DataFilesPage } },
  { path: 'files/:fileId', lazy: { Component: async () => (await pages()).DataFilePage } },
];
