import type { AuditEventFilters } from '../contract/audit';

/** What the activity log is filtered by (gaps.md: `GET /api/audit/v1/events`), and its page size. */
export type AuditFilters = AuditEventFilters & { limit?: number };
