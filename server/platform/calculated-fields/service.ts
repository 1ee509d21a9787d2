import type { CalculatedField } from '../../../src/api/contract';
import { assertMayChangeField } from '../access/calculated-fields';
import { changed, recordEvent } from '../audit/record';
import type { Db } from '../store';
import { editExpression, getField, setLocked } from './repository';

export type FieldChange = { locked: boolean } | { expression: string };

const fieldAction = (change: FieldChange) =>
  'expression' in change ? 'field.edited' : change.locked ? 'field.locked' : 'field.unlocked';

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
    const before = await getField(tx, id, true);
    await assertMayChangeField(tx, actorId, before);
    const after =
      'locked' in change
        ? await setLocked(tx, before, change.locked)
        : await editExpression(tx, before, change.expression);
    await recordEvent(
      tx,
      actorId,
      fieldAction(change),
      { type: 'calculated-field', id: after.id, name: after.name },
      changed({ locked: before.locked, expression: before.expression }, change),
    );
    return after;
  });
}
