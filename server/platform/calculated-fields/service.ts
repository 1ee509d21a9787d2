import type { CalculatedField } from '../../../src/api/contract';
import { assertMayChangeField } from '../access/calculated-fields';
import type { Db } from '../store';
import { editExpression, getField, setLocked } from './repository';

export type FieldChange = { locked: boolean } | { expression: string };

/**
 * Every change of a calculated field (lock, unlock, edit; one field or many, one PUT each) goes
 * through here as the acting user: the field is read and locked, the caller's right to change it
 * is checked (access/calculated-fields.ts), then the change is written, in one transaction.
 */
export function changeField(
  db: Db,
  actorId: number,
  id: string,
  change: FieldChange,
): Promise<CalculatedField> {
  return db.transaction(async (tx) => {
    await assertMayChangeField(tx, actorId, await getField(tx, id, true));
    return 'locked' in change
      ? setLocked(tx, id, change.locked)
      : editExpression(tx, id, change.expression);
  });
}
