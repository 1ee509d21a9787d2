import { certifiableEntityType, type CertificationState } from '../../../src/api/contract';
import { badRequest, notFound } from '../core/errors';
import { recordEvent } from '../audit/record';
import type { Db, Queryable } from '../store';

const certified = (type: EntityType, id: string) =>
  ({ type: type === 'CARD' ? 'card' : 'dataset', id }) as const;

type EntityType = 'CARD' | 'DATA_SOURCE';

/** 4.9: CARD or DATA_SOURCE (400 otherwise), and the card or dataset must exist (404). */
export async function certifiable(
  db: Queryable,
  entityType: string,
  entityId: string,
): Promise<EntityType> {
  const type = certifiableEntityType.safeParse(entityType);
  if (!type.success)
    throw badRequest(`entityType: expected CARD or DATA_SOURCE, not "${entityType}"`);
  const table = type.data === 'CARD' ? 'cards' : 'datasets';
  const [found] = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [entityId]);
  if (!found) throw notFound(`No ${type.data === 'CARD' ? 'card' : 'dataset'} ${entityId}`);
  return type.data;
}

export async function certify(db: Db, entityType: EntityType, entityId: string, userId: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.query<{ state: string }>(
      'SELECT state FROM certifications WHERE entity_type = $1 AND entity_id = $2',
      [entityType, entityId],
    );
    await recordEvent(tx, userId, 'certified', certified(entityType, entityId), {
      state: [before?.state ?? null, 'ACTIVE'],
    });
    await tx.query(
      `INSERT INTO certifications (entity_type, entity_id, state, metadata, updated)
     VALUES ($1, $2, 'ACTIVE', $3, now())
     ON CONFLICT (entity_type, entity_id) DO UPDATE
       SET state = 'ACTIVE', metadata = EXCLUDED.metadata, updated = EXCLUDED.updated`,
      [entityType, entityId, JSON.stringify({ certifiedBy: userId })],
    );
  });
}

export async function certificationState(
  db: Queryable,
  entityType: EntityType,
  entityId: string,
): Promise<CertificationState> {
  const [row] = await db.query<{
    state: 'ACTIVE' | null;
    metadata: Record<string, unknown> | null;
    updated: Date;
  }>(
    'SELECT state, metadata, updated FROM certifications WHERE entity_type = $1 AND entity_id = $2',
    [entityType, entityId],
  );
  return {
    tag: 'CERTIFIED',
    state: row?.state ?? null,
    metadata: row?.metadata ?? null,
    updated: row ? new Date(row.updated).toISOString() : null,
  };
}

export const uncertify = (db: Db, entityType: EntityType, entityId: string, userId: number) =>
  db.transaction(async (tx) => {
    const gone = await tx.query<{ state: string }>(
      'DELETE FROM certifications WHERE entity_type = $1 AND entity_id = $2 RETURNING state',
      [entityType, entityId],
    );
    if (gone[0])
      await recordEvent(tx, userId, 'uncertified', certified(entityType, entityId), {
        state: [gone[0].state, null],
      });
  });
