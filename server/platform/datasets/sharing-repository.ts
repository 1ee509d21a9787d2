import type { OutboxMessage, PermissionList, ShareBody } from '../../../src/api/contract';
import type { ShareLevel } from '../access/sharing';
import type { ListScope } from '../access/principal';
import type { Queryable } from '../store';

type Permission = ShareBody['permissions'][number];

/** The levels the given principals hold on the dataset now, by `TYPE:id`. */
export async function currentLevels(db: Queryable, datasetId: string, permissions: Permission[]) {
  const rows = await db.query<{
    principal_type: string;
    principal_id: string;
    access_level: string;
  }>(
    `SELECT principal_type, principal_id, access_level FROM dataset_permissions
     WHERE dataset_id = $1 AND principal_type || ':' || principal_id = ANY($2::text[])`,
    [datasetId, permissions.map((p) => `${p.type}:${Number(p.id)}`)],
  );
  return new Map(
    rows.map((r) => [`${r.principal_type}:${r.principal_id}`, r.access_level as ShareLevel]),
  );
}

export const putPermission = (db: Queryable, datasetId: string, p: Permission) =>
  db.query(
    `INSERT INTO dataset_permissions (dataset_id, principal_type, principal_id, access_level)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (dataset_id, principal_type, principal_id) DO UPDATE SET access_level = EXCLUDED.access_level`,
    [datasetId, p.type, String(Number(p.id)), p.accessLevel],
  );

/** Removes one principal's share; answers the level it held, or undefined when it held none. */
export async function deletePermission(
  db: Queryable,
  datasetId: string,
  type: string,
  principalId: string,
) {
  const [gone] = await db.query<{ access_level: string }>(
    'DELETE FROM dataset_permissions WHERE dataset_id = $1 AND principal_type = $2 AND principal_id = $3 RETURNING access_level',
    [datasetId, type, principalId],
  );
  return gone?.access_level;
}

export async function listPermissions(db: Queryable, datasetId: string): Promise<PermissionList> {
  const rows = await db.query<{
    principal_type: 'USER' | 'GROUP';
    principal_id: string;
    access_level: string;
    name: string | null;
  }>(
    `SELECT p.principal_type, p.principal_id, p.access_level, COALESCE(u.display_name, g.name) AS name
     FROM dataset_permissions p
     LEFT JOIN users u ON p.principal_type = 'USER' AND u.id::text = p.principal_id
     LEFT JOIN user_groups g ON p.principal_type = 'GROUP' AND g.id::text = p.principal_id
     WHERE p.dataset_id = $1
     ORDER BY p.principal_type DESC, name, p.principal_id`,
    [datasetId],
  );
  return {
    list: rows.map((r) => ({
      id: r.principal_id,
      type: r.principal_type,
      accessLevel: r.access_level as Permission['accessLevel'],
      ...(r.name === null ? {} : { name: r.name }),
    })),
  };
}

export const writeOutbox = (
  db: Queryable,
  message: {
    id: string;
    to: string;
    subject: string;
    body: string;
    datasetId: string;
    userId: number;
  },
) =>
  db.query(
    `INSERT INTO outbox (id, recipient, subject, body, created_at, dataset_id, recipient_user_id)
     VALUES ($1, $2, $3, $4, now(), $5, $6)`,
    [message.id, message.to, message.subject, message.body, message.datasetId, message.userId],
  );

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
  dataset_id: string | null;
}

const toOutboxMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  to: r.recipient,
  subject: r.subject,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
  datasetId: r.dataset_id,
});

/**
 * The messages the scope shows (access/principal.ts: all; or the user's own, written to their
 * id or, when a workflow's `notify` named an address, to their email address), newest first.
 */
export async function listOutbox(
  db: Queryable,
  scope: ListScope,
  params: { datasetId?: string; limit: number; offset: number },
) {
  const rows = await db.query<OutboxRow>(
    `SELECT o.* FROM outbox o WHERE ($1::text IS NULL OR o.dataset_id = $1) AND ($4::boolean
       OR o.recipient_user_id = $5::int
       OR (o.recipient_user_id IS NULL AND lower(o.recipient) =
           (SELECT lower(u.email_address) FROM users u WHERE u.id = $5::int)))
     ORDER BY o.created_at DESC, o.recipient, o.id LIMIT $2 OFFSET $3`,
    [
      params.datasetId ?? null,
      params.limit,
      params.offset,
      scope.all,
      scope.all ? 0 : scope.userId,
    ],
  );
  return rows.map(toOutboxMessage);
}
