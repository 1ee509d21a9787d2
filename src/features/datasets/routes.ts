import type { RouteObject } from 'react-router';

const pages = async () => (await import('./load-pages')).loadPages();

/**
 * The datasets' routes; the dataset page's tabs are child routes. One lazy chunk. Tabs owned by
 * other features (the Exports tab) are handed in by the app, so no feature imports another.
 */
export const datasetRoutes = ({ tabs = [] }: { tabs?: RouteObject[] } = {}): RouteObject[] => [
  {
    path: 'datasets',
    children: [
      { index: true, lazy: { Component: async () => (await pages()).DatasetsPage } },
      {
        path: ':datasetId',
        lazy: { Component: async () => (await pages()).DatasetPage },
        children: [
          { index: true, lazy: { Component: async () => (await pages()).OverviewTab } },
          { path: 'rows', lazy: { Component: async () => (await pages()).RowsTab } },
          { path: 'sharing', lazy: { Component: async () => (await pages()).SharingTab } },
          {
            path: 'certification',
            lazy: { Component: async () => (await pages()).CertificationTab },
          },
          { path: 'partitions', lazy: { Component: async () => (await pages()).PartitionsTab } },
          ...tabs,
          { path: 'history', lazy: { Component: async () => (await pages()).HistoryTab } },
        ],
      },
    ],
  },
];
