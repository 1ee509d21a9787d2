import { randomUUID } from 'node:crypto';
import type { ShareBody } from '../../../src/api/contract';
import { listScope, type Actor } from '../access/principal';
import { refuseGrant, refuseRemove } from '../access/sharing';
import { badRequest, forbidden, notFound } from '../core/errors';
import { recordEvent, shareChanges } from '../audit/record';
import type { Principals } from '../people/principals';
import { getUser, groupMembers, groupsByIds, usersByIds, type UserRow } from '../people/repository';
import type { Db, Queryable } from '../store';
import type { DatasetService } from './service';
import {
  currentLevels,
  deletePermission,
  listOutbox,
  listPermissions,
  putPermission,
  writeOutbox,
} from './sharing-repository';

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

/**
 * Sharing a dataset (4.5), who holds access, and the outbox `sendEmail` writes to. Who may give,
 * change and take away access is decided by access/sharing.ts; any entry refused refuses the
 * whole share.
 */
export class SharingService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly datasets: DatasetService,
  ) {}

  async share(actor: Actor, datasetId: string, share: ShareBody) {
    const { dataset, principal, level } = await this.datasets.open(actor, datasetId, 'share');
    await checkPrincipals(this.db, share.permissions);
    const sharer = await getUser(this.db, actor.userId);
    const notify = share.sendEmail ? await recipients(this.db, share.permissions) : [];
    await this.db.transaction(async (tx) => {
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
      for (const p of share.permissions) await putPermission(tx, dataset.id, p);
      await recordEvent(
        tx,
        actor.userId,
        current.size ? 'dataset.access-changed' : 'dataset.shared',
        { type: 'dataset', id: dataset.id, name: dataset.name },
        shareChanges(current, share.permissions),
      );
      const who = sharer?.display_name ?? `User ${actor.userId}`;
      for (const { user, permission, via } of notify)
        await writeOutbox(tx, {
          id: randomUUID(),
          to: user.email_address,
          subject: `${who} shared "${dataset.name}" with you`,
          body:
            `${who} gave you ${accessWords[permission.accessLevel]} access to the dataset "${dataset.name}"` +
            (via ? ` through the group "${via}".` : '.'),
          datasetId: dataset.id,
          userId: user.id,
        });
    });
  }

  async permissions(actor: Actor, datasetId: string) {
    return listPermissions(this.db, (await this.datasets.get(actor, datasetId)).id);
  }

  /** Removes one principal's access: owners, co-owners and Admins, never one's own entry. */
  async removePermission(actor: Actor, datasetId: string, type: string, principalId: string) {
    const { dataset, principal, level } = await this.datasets.open(actor, datasetId, 'read');
    if (type !== 'USER' && type !== 'GROUP')
      throw badRequest(`type: expected USER or GROUP, not "${type}"`);
    const refusal = refuseRemove(principal, level, { type, id: principalId });
    if (refusal) throw forbidden(`${refusal} (dataset ${dataset.name})`);
    await this.db.transaction(async (tx) => {
      const level = await deletePermission(tx, dataset.id, type, principalId);
      if (level === undefined)
        throw notFound(`${type} ${principalId} has no access to dataset ${dataset.id}`);
      await recordEvent(
        tx,
        actor.userId,
        'dataset.access-removed',
        { type: 'dataset', id: dataset.id, name: dataset.name },
        { [`${type}:${principalId}`]: [level, undefined] },
      );
    });
  }

  /** The messages the actor may read (their own; an Admin's, all), newest first. */
  async outbox(actor: Actor, params: { datasetId?: string; limit: number; offset: number }) {
    return listOutbox(this.db, listScope(await this.principals.of(actor)), params);
  }
}
