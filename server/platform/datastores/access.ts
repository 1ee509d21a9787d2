import type { CollectionFilter } from '../../../src/api/contract';
import type { Queryable } from '../store';
import { filterCondition } from './query/filter';
import { all, type Condition } from './query/sql-params';

/** Who is asking: the user and their groups (group_members), as document-level filters see them. */
export interface Caller {
  userId: number;
  groupIds: number[];
}
export type DocumentOperation = CollectionFilter['applyOn'][number];

export async function loadCaller(
  db: Queryable,
  userId: number,
  filters: CollectionFilter[] | null,
): Promise<Caller> {
  if (!filters?.length) return { userId, groupIds: [] };
  const rows = await db.query<{ group_id: number }>(
    'SELECT group_id FROM group_members WHERE user_id = $1',
    [userId],
  );
  return { userId, groupIds: rows.map((r) => r.group_id) };
}

export function filterApplies(
  filter: CollectionFilter,
  caller: Caller,
  operation: DocumentOperation,
) {
  if (!filter.applyOn.includes(operation)) return false;
  if (filter.applyToAll) return true;
  return filter.applyTo.some(({ type, values }) =>
    type === 'USER_ID'
      ? values.includes(String(caller.userId))
      : caller.groupIds.some((g) => values.includes(String(g))),
  );
}

/**
 * gaps.md: each filter that applies to the caller for the operation is ANDed in: its query, and
 * with limitToOwner only the caller's own documents. A document it leaves out reads as missing.
 */
export function accessCondition(
  filters: CollectionFilter[] | null,
  caller: Caller,
  operation: DocumentOperation,
): Condition {
  const applying = (filters ?? []).filter((f) => filterApplies(f, caller, operation));
  return (params) =>
    all(
      applying.map((f) =>
        all([
          filterCondition(f.query)(params),
          f.limitToOwner ? `owner = ${params.add(caller.userId)}::integer` : 'TRUE',
        ]),
      ),
    );
}
