import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { appRoutes as customAppRoutes } from '../features/apps/routes';
import { activityRoutes } from '../features/activity/routes';
import { calculatedFieldRoutes } from '../features/calculated-fields/routes';
import { datastoreRoutes } from '../features/datastores/routes';
import { datasetRoutes } from '../features/datasets/routes';
import { dataFileRoutes } from '../features/files/routes';
import { datasetExportsTabRoute, exportRoutes } from '../features/exports/routes';
import { filesetRoutes } from '../features/filesets/routes';
import { playgroundRoutes } from '../features/playground/routes';
import { securityRoutes } from '../features/security/routes';
import { signInRoutes } from '../features/sign-in/routes';
import { streamRoutes } from '../features/streams/routes';
import { workflowRoutes } from '../features/workflows/routes';
import { AppLayout } from './layout/AppLayout';
import { AppLoading } from './routes/AppLoading';
import { NotFoundPage } from './routes/NotFoundPage';
import { RouteErrorFallback } from './routes/RouteErrorFallback';
import { HOME_PATH } from './screens';

/**
 * Every screen's routes, inside the layout. Each feature's pages are one lazy chunk.
 * A factory: a router fills in its lazy routes in place, so each router gets its own objects.
 */
export const appRoutes = (): RouteObject[] => [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteErrorFallback,
    children: [
      {
        // Inside the layout, so a failing screen keeps the navigation around it.
        ErrorBoundary: RouteErrorFallback,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          ...datastoreRoutes(),
          ...datasetRoutes({ tabs: [datasetExportsTabRoute()] }),
          ...dataFileRoutes(),
          ...exportRoutes(),
          ...calculatedFieldRoutes(),
          ...filesetRoutes(),
          ...streamRoutes(),
          ...playgroundRoutes(),
          ...workflowRoutes(),
          ...securityRoutes(),
          ...customAppRoutes(),
          ...activityRoutes(),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  // Team sign-in: before any screen, so outside the layout and its navigation.
  ...signInRoutes({ HydrateFallback: AppLoading, ErrorBoundary: RouteErrorFallback }),
];

export const createAppRouter = () => createBrowserRouter(appRoutes());
