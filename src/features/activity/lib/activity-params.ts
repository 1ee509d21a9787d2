import { auditObjectTypes } from '../../../api/contract/audit';
import type { AuditFilters } from '../../../api/audit';
import { param, type ListState } from '../../../lib/list-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = param.custom<string>({
  read: (raw) => (raw && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : ''),
  write: (value) => value || null,
});

/** The Activity screen's filters in the URL (architecture.md, rule g). */
export const activitySpec = {
  q: param.search(),
  objectType: param.optional(auditObjectTypes),
  objectId: param.text(),
  action: param.text(),
  actor: param.intId(),
  from: day,
  to: day,
};

/** What "Clear filters" writes. */
export const noFilters = {
  q: '',
  objectType: null,
  objectId: '',
  action: '',
  actor: null,
  from: '',
  to: '',
} satisfies ListState<typeof activitySpec>;

/** A day as the start of that day (local time), and the end of `to`'s day, for the API. */
const startOf = (value: string, plusDays = 0) => {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

/** The filters the audit API takes, for what the URL says. */
export const auditFilters = (params: ListState<typeof activitySpec>): AuditFilters => ({
  q: params.q || undefined,
  objectType: params.objectType ?? undefined,
  objectId: params.objectId || undefined,
  action: params.action || undefined,
  actor: params.actor ?? undefined,
  from: startOf(params.from),
  to: startOf(params.to, 1),
});

export const isFiltered = (filters: AuditFilters) =>
  Object.values(filters).some((value) => value !== undefined);
