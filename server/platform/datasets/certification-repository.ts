import type { CertificationState } from '../../../src/api/contract';
import type { Queryable } from '../store';

type EntityType = 'CARD' | 'DATA_SOURCE';

export async function certifiableExists(db: Queryable, type: EntityType, id: string) {
  const table = type === 'CARD' ? 'cards' : 'datasets';
  const [found] = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return found !== undefined;
}

export async function readCertification(
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

export const putCertification = (db: Queryable, type: EntityType, id: string, userId: number) =>
  db.query(
    `INSERT INTO certifications (entity_type, entity_id, state, metadata, updated)
     VALUES ($1, $2, 'ACTIVE', $3, now())
     ON CONFLICT (entity_type, entity_id) DO UPDATE
       SET state = 'ACTIVE', metadata = EXCLUDED.metadata, updated = EXCLUDED.updated`,
    [type, id, JSON.stringify({ certifiedBy: userId })],
  );

/** Answers the state removed, or undefined when there was none. */
export async function deleteCertification(db: Queryable, type: EntityType, id: string) {
  const [gone] = await db.query<{ state: string }>(
    'DELETE FROM certifications WHERE entity_type = $1 AND entity_id = $2 RETURNING state',
    [type, id],
  );
  return gone?.state;
}
