import type { AuditObjectType } from '../../../src/api/contract/audit';
import type { Queryable } from '../store';
import { auditRequest } from './context';
import { redactText, redactValue } from './redact';

/** Who acted: a user id (the request says which token), or null for the platform itself. */
export type AuditActor = number | null;
export interface AuditObject {
  type: AuditObjectType;
  id: string | number;
  /**
   * Its name at the time, so the event still reads after a rename or a delete; a dataset's,
   * stream's or fileset's is looked up when not given.
   */
  name?: string | null;
  /** What it lives in, for a link: a collection's datastore, a partition's or export's dataset. */
  parent?: string | null;
}
/** Fields that changed, each `[before, after]`; `undefined` for a side that did not exist. */
export type AuditChangeList = Record<string, readonly [unknown, unknown]>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields that changed, redacted, as `{ field: { before, after } }`. */
export function changesOf(changes: AuditChangeList = {}) {
  const out: Record<string, { before?: unknown; after?: unknown }> = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    if (same(before, after)) continue;
    out[field] = {
      ...(before === undefined ? {} : { before: redactValue(before) }),
      ...(after === undefined ? {} : { after: redactValue(after) }),
    };
  }
  return out;
}

/** One event as written: who, what, and the request it came from (read when it is made). */
export interface AuditRow {
  actor: AuditActor;
  tokenKind: string;
  action: string;
  objectType: string;
  objectId: string;
  objectName: string;
  changes: string;
  traceId: string | null;
  clientAddress: string | null;
  parent: string | null;
}

/**
 * The event of the request being served: its trace id, token kind and client address are read
 * now, and secrets removed; written by `recordEvents`.
 */
export function auditRow(
  actor: AuditActor,
  action: string,
  object: AuditObject,
  changes?: AuditChangeList,
): AuditRow {
  const request = auditRequest();
  return {
    actor,
    tokenKind: actor === null ? 'system' : request.tokenKind,
    action,
    objectType: object.type,
    objectId: redactText(String(object.id)),
    objectName: redactText(object.name ?? ''),
    changes: JSON.stringify(changesOf(changes)),
    traceId: request.traceId ?? null,
    clientAddress: request.clientAddress ?? null,
    parent: object.parent ?? null,
  };
}

/**
 * Records events in the caller's transaction, so a change that rolls back leaves
 * none and one that commits always has one; several in one statement (starts that arrive
 * together, workflows/start-group.ts), in their order.
 */
export async function recordEvents(tx: Queryable, rows: AuditRow[]) {
  if (!rows.length) return;
  const column = <K extends keyof AuditRow>(key: K) => rows.map((r) => r[key]);
  await tx.query(
    `INSERT INTO audit_events (actor_id, actor_name, token_kind, action, object_type, object_id,
       object_name, changes, trace_id, client_address, object_parent)
     SELECT e.actor, coalesce((SELECT display_name FROM users WHERE id = e.actor), ''), e.kind,
       e.action, e.type, e.id,
       coalesce(nullif(e.name, ''), CASE e.type
         WHEN 'dataset' THEN (SELECT name FROM datasets WHERE id = e.id)
         WHEN 'stream' THEN (SELECT d.name FROM streams s JOIN datasets d ON d.id = s.dataset_id
                             WHERE s.id::text = e.id)
         WHEN 'fileset' THEN (SELECT name FROM filesets WHERE id = e.id) END, ''),
       e.changes::jsonb, e.trace, e.address, e.parent
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::text[])
       WITH ORDINALITY AS e(actor, kind, action, type, id, name, changes, trace, address, parent, n)
     ORDER BY e.n`,
    [
      column('actor'),
      column('tokenKind'),
      column('action'),
      column('objectType'),
      column('objectId'),
      column('objectName'),
      column('changes'),
      column('traceId'),
      column('clientAddress'),
      column('parent'),
    ],
  );
}

/** Records one event of the request being served (`auditRow`, `recordEvents`). */
export const recordEvent = (
  tx: Queryable,
  actor: AuditActor,
  action: string,
  object: AuditObject,
  changes?: AuditChangeList,
) => recordEvents(tx, [auditRow(actor, action, object, changes)]);

/** A share's changes: each principal's level before (undefined when new) and after. */
export const shareChanges = (
  current: ReadonlyMap<string, string>,
  permissions: ReadonlyArray<{ type: string; id: string; accessLevel: string }>,
): AuditChangeList =>
  Object.fromEntries(
    permissions.map((p) => {
      const key = `${p.type}:${Number(p.id)}`;
      return [key, [current.get(key), p.accessLevel] as const];
    }),
  );

/** The fields of something new: each before is absent. */
export const created = (fields: Record<string, unknown>): AuditChangeList =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [undefined, v] as const]));

/** The fields of something removed: each after is absent. */
export const removed = (fields: Record<string, unknown>): AuditChangeList =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v, undefined] as const]));

/** The fields of `after` that differ from `before` (only those `after` names). */
export const changed = (
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChangeList =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, [before[k], v] as const]));
