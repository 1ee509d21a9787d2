import { randomUUID } from 'node:crypto';
import type { PermissionList, ShareBody } from '../../../src/api/contract';
import { datasetForUser } from '../access/policy';
import { refuseGrant, refuseRemove, type ShareLevel } from '../access/sharing';
import { badRequest, forbidden, notFound } from '../core/errors';
import { recordEvent, shareChanges } from '../audit/record';
import { getUser, groupMembers, groupsByIds, usersByIds, type UserRow } from '../people/repository';
import type { Db, Queryable } from '../store';

type Permission = ShareBody['permissions'][number];

const accessWords: Record<Permission['accessLevel'], string> = {
  CO_OWNER: 'co-owner',
  CAN_EDIT: 'edit',
  CAN_SHARE: 'share',
};

/** The ids of the request's principals of `type`, with their index; text that is no id finds no one. */
const idsOf = (ps: Permission[], type: Permission['type']) =>
  ps.flatMap((p, i) =>
    p.type === type ? [{ i, id: /^\d{1,9}$/.test(p.id) ? Number(p.id) : -1 }] : [],
  );

/** 4.5: every id must name a user or group that exists, or the whole share is refused. */
async function checkPrincipals(db: Queryable, permissions: Permission[]) {
  const users = idsOf(permissions, 'USER');
  const groups = idsOf(permissions, 'GROUP');
  const knownUsers = new Set(
    (
      await usersByIds(
        db,
        users.map((w) => w.id),
      )
    ).map((u) => u.id),
  );
  const knownGroups = new Set(
    (
      await groupsByIds(
        db,
        groups.map((w) => w.id),
      )
    ).map((g) => g.id),
  );
  const [missing] = [
    ...users.filter((w) => !knownUsers.has(w.id)),
    ...groups.filter((w) => !knownGroups.has(w.id)),
  ].sort((x, y) => x.i - y.i);
  if (missing) {
    const p = permissions[missing.i]!;
    throw badRequest(`permissions[${missing.i}].id: no ${p.type.toLowerCase()} ${p.id}`);
  }
}

/** Who `sendEmail` notifies: the users named, and the members of the groups named, each once. */
async function recipients(db: Queryable, permissions: Permission[]) {
  const out = new Map<number, { user: UserRow; permission: Permission; via?: string }>();
  const direct = await usersByIds(
    db,
    idsOf(permissions, 'USER').map((w) => w.id),
  );
  for (const p of permissions.filter((p) => p.type === 'USER')) {
    const user = direct.find((u) => u.id === Number(p.id));
    if (user) out.set(user.id, { user, permission: p });
  }
  const groupIds = idsOf(permissions, 'GROUP').map((w) => w.id);
  const groups = await groupsByIds(db, groupIds);
  for (const member of await groupMembers(db, groupIds)) {
    if (out.has(member.id)) continue;
    const permission = permissions.find(
      (p) => p.type === 'GROUP' && Number(p.id) === member.group_id,
    )!;
    out.set(member.id, {
      user: member,
      permission,
      via: groups.find((g) => g.id === member.group_id)?.name,
    });
  }
  return [...out.values()];
}

/** The levels the share's principals hold now, by `TYPE:id`. */
async function currentLevels(db: Queryable, datasetId: string, permissions: Permission[]) {
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

/**
 * 4.5, as `actorId`: share access to the dataset, and each entry within what he may give
 * (access/sharing.ts); any entry refused refuses the whole share.
 */
export async function shareDataset(db: Db, actorId: number, datasetId: string, share: ShareBody) {
  const { dataset, principal, level } = await datasetForUser(db, actorId, datasetId, 'share');
  await checkPrincipals(db, share.permissions);
  const sharer = await getUser(db, actorId);
  const notify = share.sendEmail ? await recipients(db, share.permissions) : [];
  await db.transaction(async (tx) => {
    const current = await currentLevels(tx, dataset.id, share.permissions);
    share.permissions.forEach((p, i) => {
      const refusal = refuseGrant(
        principal,
        level,
        p,
        p.accessLevel,
        current.get(`${p.type}:${Number(p.id)}`),
      );
      if (refusal) throw forbidden(`permissions[${i}]: ${refusal} (dataset ${dataset.name})`);
    });
    for (const p of share.permissions)
      await tx.query(
        `INSERT INTO dataset_permissions (dataset_id, principal_type, principal_id, access_level)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (dataset_id, principal_type, principal_id) DO UPDATE SET access_level = EXCLUDED.access_level`,
        [dataset.id, p.type, String(Number(p.id)), p.accessLevel],
      );
    const changes = shareChanges(current, share.permissions);
    await recordEvent(
      tx,
      actorId,
      current.size ? 'dataset.access-changed' : 'dataset.shared',
      { type: 'dataset', id: dataset.id, name: dataset.name },
      changes,
    );
    const who = sharer?.display_name ?? `User ${actorId}`;
    for (const { user, permission, via } of notify)
      await tx.query(
        `INSERT INTO outbox (id, recipient, subject, body, created_at, dataset_id, recipient_user_id)
         VALUES ($1, $2, $3, $4, now(), $5, $6)`,
        [
          randomUUID(),
          user.email_address,
          `${who} shared "${dataset.name}" with you`,
          `${who} gave you ${accessWords[permission.accessLevel]} access to the dataset "${dataset.name}"` +
            (via ? ` through the group "${via}".` : '.'),
          dataset.id,
          user.id,
        ],
      );
  });
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

/** Remove one principal's access, as `actorId`: owners, co-owners and Admins, never one's own. */
export async function removePermission(
  db: Db,
  actorId: number,
  datasetId: string,
  type: string,
  principalId: string,
) {
  const { dataset, principal, level } = await datasetForUser(db, actorId, datasetId, 'read');
  if (type !== 'USER' && type !== 'GROUP')
    throw badRequest(`type: expected USER or GROUP, not "${type}"`);
  const refusal = refuseRemove(principal, level, { type, id: principalId });
  if (refusal) throw forbidden(`${refusal} (dataset ${dataset.name})`);
  await db.transaction(async (tx) => {
    const gone = await tx.query<{ access_level: string }>(
      'DELETE FROM dataset_permissions WHERE dataset_id = $1 AND principal_type = $2 AND principal_id = $3 RETURNING access_level',
      [dataset.id, type, principalId],
    );
    if (gone.length === 0)
      throw notFound(`${type} ${principalId} has no access to dataset ${dataset.id}`);
    await recordEvent(
      tx,
      actorId,
      'dataset.access-removed',
      { type: 'dataset', id: dataset.id, name: dataset.name },
      { [`${type}:${principalId}`]: [gone[0]!.access_level, undefined] },
    );
  });
}
