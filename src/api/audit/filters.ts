import type { AuditObjectType } from '../contract/audit';

/** What the activity log is filtered by (gaps.md: `GET /api/audit/v1/events`). */
export interface AuditFilters {
  actor?: number;
  action?: string;
  objectType?: AuditObjectType;
  objectId?: string;
  from?: string;
  to?: string;
  q?: string;
  limit?: number;
}
