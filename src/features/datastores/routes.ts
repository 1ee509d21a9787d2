import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const pages = () => import('./pages');
const settings = () => import('./settings');

/**
 * The document store's routes; its pages load lazily, as one chunk. The datastore list is the
 * console's first screen (HOME_PATH), so it is a chunk of its own: the first page loads only it.
 */
export const datastoreRoutes = (): RouteObject[] => [
  {
    path: 'datastores',
    children: [
      {
        index: true,
        lazy: { Component: async () => (await import('./pages/DatastoresPage')).DatastoresPage },
      },
      { path: ':datastoreId', lazy: { Component: async () => (await pages()).DatastorePage } },
      {
        path: ':datastoreId/collections/:collectionId',
        lazy: { Component: async () => (await pages()).CollectionPage },
        children: [
          // Documents are what a collection is opened for.
          { index: true, element: createElement(Navigate, { to: 'documents', replace: true }) },
          {
            path: 'details',
            lazy: { Component: async () => (await pages()).CollectionDetailsTab },
          },
          {
            path: 'documents',
            lazy: { Component: async () => (await import('./documents')).DocumentsTab },
          },
          {
            path: 'history',
            lazy: { Component: async () => (await pages()).CollectionHistoryTab },
          },
          {
            path: 'settings',
            lazy: { Component: async () => (await settings()).CollectionSettingsTab },
          },
        ],
      },
    ],
  },
];
