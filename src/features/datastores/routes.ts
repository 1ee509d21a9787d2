import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** The document store's routes; its pages load lazily, as one chunk. */
export const datastoreRoutes = (): RouteObject[] => [
  {
    path: 'datastores',
    children: [
      { index: true, lazy: { Component: async () => (await pages()).DatastoresPage } },
      { path: ':datastoreId', lazy: { Component: async () => (await pages()).DatastorePage } },
      {
        path: ':datastoreId/collections/:collectionId',
        lazy: { Component: async () => (await pages()).CollectionPage },
        children: [
          { index: true, lazy: { Component: async () => (await pages()).CollectionDetailsTab } },
        ],
      },
    ],
  },
];
