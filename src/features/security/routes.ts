import { Navigate, type RouteObject } from 'react-router';
import { createElement } from 'react';

const pages = () => import('./pages');

/** The Security area: tokens, users, console sessions and roles, one tab each; one lazy chunk. */
export const securityRoutes = (): RouteObject[] => [
  {
    path: 'security',
    lazy: { Component: async () => (await pages()).SecurityPage },
    children: [
      { index: true, element: createElement(Navigate, { to: 'tokens', replace: true }) },
      { path: 'users', lazy: { Component: async () => (await pages()).UsersTab } },
      { path: 'tokens', lazy: { Component: async () => (await pages()).TokensTab } },
      { path: 'sessions', lazy: { Component: async () => (await pages()).SessionsTab } },
      { path: 'roles', lazy: { Component: async () => (await pages()).RolesTab } },
    ],
  },
];
