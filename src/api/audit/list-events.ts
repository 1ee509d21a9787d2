import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditEventPage } from '../contract/audit';
import type { AuditFilters } from './filters';
import { request, type QueryValue } from '../http';
import { auditKeys } from './keys';

export const AUDIT_PAGE_SIZE = 50;

const queryOf = (filters: AuditFilters): Record<string, QueryValue> => ({
  actor: filters.actor,
  action: filters.action || undefined,
  objectType: filters.objectType,
  objectId: filters.objectId || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
  q: filters.q || undefined,
});

export const listAuditEvents = (filters: AuditFilters, cursor?: string, signal?: AbortSignal) =>
  request({
    path: '/api/audit/v1/events',
    query: { ...queryOf(filters), limit: filters.limit ?? AUDIT_PAGE_SIZE, cursor },
    schema: auditEventPage,
    signal,
  });

/** Newest first; each further page continues from the last event shown (keyset). */
export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listAuditEvents(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });

export const useAuditEvents = (filters: AuditFilters, enabled = true) =>
  useInfiniteQuery({ ...auditEventsQueryOptions(filters), enabled });

/** The CSV of the filtered events, streamed by the platform (at most 50,000). */
export function auditCsvUrl(filters: AuditFilters) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(queryOf(filters)))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return `/api/audit/v1/events.csv${text ? `?${text}` : ''}`;
}
