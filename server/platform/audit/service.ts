import { AUDIT_MAX_EXPORT_ROWS, type AuditEvent } from '../../../src/api/contract/audit';
import { enforce } from '../access/enforce';
import type { Actor } from '../access/principal';
import { decideActivityLog } from '../access/security';
import { notFound } from '../core/errors';
import type { Principals } from '../people/principals';
import type { Queryable } from '../store';
import { listEvents, removeExpired, type AuditFilter } from './repository';

/** The events one statement of an export reads. */
const EXPORT_PAGE = 1000;

/**
 * The activity log, read-only (gaps.md): a page of events (one object's history is the page of
 * its type and id), and every event of a filter for a CSV download. Admins read it, and whoever
 * holds the grant named for it (access/security.ts).
 */
export class AuditService {
  constructor(
    private readonly db: Queryable,
    private readonly principals: Principals,
  ) {}

  async #allowed(actor: Actor) {
    enforce(
      decideActivityLog(await this.principals.of(actor)),
      () => notFound('Not found'),
      (needed) => `You need ${needed} to read the activity log`,
    );
  }

  /** Newest first, a page of `filter.limit` from `filter.cursor`. */
  async list(actor: Actor, filter: AuditFilter) {
    await this.#allowed(actor);
    return listEvents(this.db, filter);
  }

  /**
   * The filtered events, newest first, a page at a time, at most AUDIT_MAX_EXPORT_ROWS. Decided
   * before the first page: a refusal is a 403, not a broken download.
   */
  async exportPages(
    actor: Actor,
    filter: Omit<AuditFilter, 'limit' | 'cursor'>,
  ): Promise<AsyncGenerator<AuditEvent[]>> {
    await this.#allowed(actor);
    return exportEvents(this.db, filter);
  }
}

async function* exportEvents(
  db: Queryable,
  filter: Omit<AuditFilter, 'limit' | 'cursor'>,
): AsyncGenerator<AuditEvent[]> {
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

/** How often expired events are looked for (root.ts starts the sweep). */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** Retention: removes expired events in statements of `batch` rows, never one long delete. */
export async function sweepExpiredEvents(db: Queryable, days: number, batch = 1000) {
  let removed = 0;
  for (;;) {
    const n = await removeExpired(db, days, batch);
    removed += n;
    if (n < batch) return removed;
  }
}
