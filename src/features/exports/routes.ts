import type { RouteObject } from 'react-router';

const pages = async () => (await import('./load-pages')).loadPages();

/** The export monitoring dashboard. One lazy chunk with the dataset's Exports tab. */
export const exportRoutes = (): RouteObject[] => [
  { path: 'exports', lazy: { Component: async () => (await pages()).ExportsDashboardPage } },
  {
    path: 'exports/:datasetId/:exportId',
    lazy: { Component: async () => (await pages()).ExportPage },
  },
];

/** The dataset page's Exports tab, mounted by the app among the dataset's tabs. */
export const datasetExportsTabRoute = (): RouteObject => ({
  path: 'exports',
  lazy: { Component: async () => (await pages()).DatasetExportsTab },
});
