import {
  AUDIT_MAX_EXPORT_ROWS,
  READ_ACTIVITY_GRANT,
  type AuditEvent,
} from '../../../src/api/contract/audit';
import { hasGrant } from '../access/grants';
import { principalOf } from '../access/policy';
import { forbidden } from '../core/errors';
import type { Queryable } from '../store';
import { listEvents, removeExpired, type AuditFilter } from './repository';

/** Admins read the activity log, and whoever holds the grant named for it. */
async function requireReader(db: Queryable, userId: number) {
  if ((await principalOf(db, userId)).role === 'Admin') return;
  if (await hasGrant(db, userId, READ_ACTIVITY_GRANT)) return;
  throw forbidden(
    `You need the Admin role or the ${READ_ACTIVITY_GRANT} grant (given through a role) to read the activity log`,
  );
}

export async function readEvents(db: Queryable, userId: number, filter: AuditFilter) {
  await requireReader(db, userId);
  return listEvents(db, filter);
}

const EXPORT_PAGE = 1000;

/** The filtered events, newest first, a page at a time, at most AUDIT_MAX_EXPORT_ROWS. */
export async function* exportEvents(
  db: Queryable,
  userId: number,
  filter: Omit<AuditFilter, 'limit' | 'cursor'>,
): AsyncGenerator<AuditEvent[]> {
  await requireReader(db, userId);
  let cursor: string | undefined;
  let sent = 0;
  while (sent < AUDIT_MAX_EXPORT_ROWS) {
    const limit = Math.min(EXPORT_PAGE, AUDIT_MAX_EXPORT_ROWS - sent);
    const page = await listEvents(db, { ...filter, cursor, limit });
    yield page.events;
    sent += page.events.length;
    if (!page.next) return;
    cursor = page.next;
  }
}

/** Retention: removes expired events in statements of `batch` rows, never one long delete. */
export async function sweepExpiredEvents(db: Queryable, days: number, batch = 1000) {
  let removed = 0;
  for (;;) {
    const n = await removeExpired(db, days, batch);
    removed += n;
    if (n < batch) return removed;
  }
}
