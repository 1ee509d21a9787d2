import type { AuditFilters } from './filters';

/** Query keys of the activity log, from general to specific. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'events'] as const,
  list: (filters: AuditFilters) => [...auditKeys.lists(), filters] as const,
};
