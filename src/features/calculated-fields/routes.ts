import type { RouteObject } from 'react-router';

const pages = async () => (await import('./load-pages')).loadPages();

/** The calculated fields screen: one lazy chunk (list, drawer and bulk dialog). */
export const calculatedFieldRoutes = (): RouteObject[] => [
  {
    path: 'calculated-fields',
    lazy: { Component: async () => (await pages()).CalculatedFieldsPage },
  },
];
