import { forbidden } from '../core/errors';
import type { Queryable } from '../store';
import type { Decision, Principal } from './principal';
import { datasetLevel, principalOf } from './policy';

/**
 * Calculated fields (issue 23; spec section 3: "caller may modify the field"). A field is
 * changed (edited, locked, unlocked) by its owner, by the owners and co-owners of the datasets
 * it links (`links[].resource` of type DATA_SOURCE) and by Admins. Every user reads every field,
 * as the instance-wide search and statistics of the public API do (gaps.md).
 */
export type CalculatedFieldOperation = 'read' | 'change';

export interface FieldForAccess {
  id: number;
  name: string;
  owner: number;
  links: Array<{ resource: { type: string; id: string } }>;
}

export const CHANGE_NEEDED =
  'the owner of the field, an owner or co-owner of a dataset it links, or an Admin';

const linkedDatasets = (field: FieldForAccess) =>
  field.links.filter((l) => l.resource.type === 'DATA_SOURCE').map((l) => l.resource.id);

/** The linked datasets the caller owns or co-owns, among those of `fields`. */
async function datasetsManaged(db: Queryable, principal: Principal, fields: FieldForAccess[]) {
  const ids = [...new Set(fields.flatMap(linkedDatasets))];
  if (ids.length === 0) return new Set<string>();
  const datasets = await db.query<{ id: string; owner: number }>(
    'SELECT id, owner FROM datasets WHERE id = ANY($1::text[])',
    [ids],
  );
  const managed = new Set<string>();
  for (const dataset of datasets) {
    const level = await datasetLevel(db, principal, dataset);
    if (level === 'ADMIN' || level === 'OWNER' || level === 'CO_OWNER') managed.add(dataset.id);
  }
  return managed;
}

/** What the caller may do with each field, by id. */
export async function calculatedFieldAbilities(
  db: Queryable,
  userId: number,
  fields: FieldForAccess[],
): Promise<Map<number, Record<CalculatedFieldOperation, Decision>>> {
  const principal = await principalOf(db, userId);
  const admin = principal.role === 'Admin';
  const managed = admin ? new Set<string>() : await datasetsManaged(db, principal, fields);
  const refused: Decision = { allowed: false, status: 403, needed: CHANGE_NEEDED };
  return new Map(
    fields.map((field) => {
      const change =
        admin ||
        field.owner === principal.id ||
        linkedDatasets(field).some((id) => managed.has(id));
      return [field.id, { read: { allowed: true }, change: change ? { allowed: true } : refused }];
    }),
  );
}

/** The guard every change of a field goes through, as the acting user: 403 naming who may. */
export async function assertMayChangeField(db: Queryable, userId: number, field: FieldForAccess) {
  const decision = (await calculatedFieldAbilities(db, userId, [field])).get(field.id)!.change;
  if (!decision.allowed)
    throw forbidden(`Calculated field "${field.name}" may be changed only by ${CHANGE_NEEDED}`);
}
