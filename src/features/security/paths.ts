export const securityTabs = [
  { path: 'tokens', label: 'Access tokens' },
  { path: 'users', label: 'Users' },
  { path: 'roles', label: 'Roles' },
] as const;
export type SecurityTab = (typeof securityTabs)[number]['path'];

export const securityPath = (tab: SecurityTab = 'tokens') => `/security/${tab}`;
