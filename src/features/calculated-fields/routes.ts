import type { RouteObject } from 'react-router';

const pages = () => import('./pages');

/** The calculated fields screen: one lazy chunk (list, drawer and bulk dialog). */
export const calculatedFieldRoutes = (): RouteObject[] => [
  {
    path: 'calculated-fields',
    lazy: { Component: async () => (await pages()).CalculatedFieldsPage },
  },
];
