import type { AuditEvent, AuditEventQuery, AuditObjectType } from '../../../src/api/contract/audit';
import type { Queryable } from '../store';

/** The filters, `limit` and `cursor` (events older than this `micros.id` position) of a page. */
export type AuditFilter = AuditEventQuery;

interface EventRow {
  id: string;
  at: string;
  micros: string;
  actor_id: number | null;
  actor_name: string;
  token_kind: string;
  action: string;
  object_type: AuditObjectType;
  object_id: string;
  object_name: string;
  object_parent: string | null;
  changes: AuditEvent['changes'];
  trace_id: string | null;
  client_address: string | null;
}

/**
 * Newest first by (occurred_at, id); the cursor carries the time in whole microseconds, so the
 * next page starts exactly after the last row (a JavaScript date would round it to milliseconds).
 */
export async function listEvents(db: Queryable, f: AuditFilter) {
  const [micros, id] = f.cursor ? f.cursor.split('.') : [null, null];
  const rows = await db.query<EventRow>(
    `SELECT id::text, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
       (extract(epoch FROM occurred_at) * 1000000)::bigint::text AS micros,
       actor_id, actor_name, token_kind, action, object_type, object_id, object_name, object_parent, changes,
       trace_id, client_address
     FROM audit_events
     WHERE ($1::int IS NULL OR actor_id = $1)
       AND ($2::text IS NULL OR action = $2)
       AND ($3::text IS NULL OR object_type = $3)
       AND ($4::text IS NULL OR object_id = $4)
       AND ($5::timestamptz IS NULL OR occurred_at >= $5)
       AND ($6::timestamptz IS NULL OR occurred_at < $6)
       AND ($7::text IS NULL OR search @@ websearch_to_tsquery('simple', translate($7, '/._-:', '     ')))
       AND ($8::bigint IS NULL OR (occurred_at, id) <
            (timestamptz 'epoch' + $8::bigint * interval '1 microsecond', $9::bigint))
     ORDER BY occurred_at DESC, id DESC
     LIMIT $10`,
    [
      f.actor ?? null,
      f.action ?? null,
      f.objectType ?? null,
      f.objectId ?? null,
      f.from ?? null,
      f.to ?? null,
      f.q ?? null,
      micros,
      id,
      f.limit + 1,
    ],
  );
  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  return {
    events: page.map(toEvent),
    next: rows.length > f.limit && last ? `${last.micros}.${last.id}` : null,
  };
}

const toEvent = (r: EventRow): AuditEvent => ({
  id: r.id,
  at: r.at,
  actor: { id: r.actor_id, name: r.actor_name, tokenKind: r.token_kind },
  action: r.action,
  object: { type: r.object_type, id: r.object_id, name: r.object_name, parent: r.object_parent },
  changes: r.changes,
  traceId: r.trace_id,
  clientAddress: r.client_address,
});

/** Removes up to `batch` events older than `days`; the sweep repeats it while it removes any. */
export async function removeExpired(db: Queryable, days: number, batch: number) {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM audit_events WHERE id IN (
         SELECT id FROM audit_events WHERE occurred_at < now() - $1::int * interval '1 day'
         ORDER BY occurred_at LIMIT $2)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [days, batch],
  );
  return rows[0]?.n ?? 0;
}
