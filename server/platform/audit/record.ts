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

/**
 * Issue 27: records one event in the caller's transaction, so a change that rolls back leaves
 * none and one that commits always has one. The trace id, token kind and client address come
 * from the request being served; secrets are removed before anything is written.
 */
export async function recordEvent(
  tx: Queryable,
  actor: AuditActor,
  action: string,
  object: AuditObject,
  changes?: AuditChangeList,
) {
  const request = auditRequest();
  await tx.query(
    `INSERT INTO audit_events (actor_id, actor_name, token_kind, action, object_type, object_id,
       object_name, changes, trace_id, client_address, object_parent)
     VALUES ($1, coalesce((SELECT display_name FROM users WHERE id = $1), ''), $2, $3, $4, $5,
       coalesce(nullif($6, ''), CASE $4::text
         WHEN 'dataset' THEN (SELECT name FROM datasets WHERE id = $5)
         WHEN 'stream' THEN (SELECT d.name FROM streams s JOIN datasets d ON d.id = s.dataset_id
                             WHERE s.id::text = $5)
         WHEN 'fileset' THEN (SELECT name FROM filesets WHERE id = $5) END, ''),
       $7::jsonb, $8, $9, $10)`,
    [
      actor,
      actor === null ? 'system' : request.tokenKind,
      action,
      object.type,
      redactText(String(object.id)),
      redactText(object.name ?? ''),
      JSON.stringify(changesOf(changes)),
      request.traceId,
      request.clientAddress,
      object.parent ?? null,
    ],
  );
}

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
