import type { CalculatedField } from '../../../src/api/contract';
import { assertMayChangeField } from '../access/calculated-fields';
import { changed, recordEvent } from '../audit/record';
import { conflict } from '../core/errors';
import { NoRows, recorded, type Db } from '../store';
import { expressionStatement, getField, lockStatement, toCalculatedField } from './repository';

export type FieldChange = { locked: boolean } | { expression: string };

const fieldAction = (change: FieldChange) =>
  'expression' in change ? 'field.edited' : change.locked ? 'field.locked' : 'field.unlocked';

/** Tries of a change whose field another change moved meanwhile (each reads it again). */
const TRIES = 3;

/**
 * Every change of a calculated field (lock, unlock, edit; one field or many, one PUT each) goes
 * through here as the acting user: the field is read, the caller's right to change it is checked
 * (access/calculated-fields.ts), then the change and its activity event are written in one batch
 * (one message to PGlite's thread: a bulk lock is 1,000 of them), over the version that was
 * judged; when another change came between, it is read and judged again.
 */
export async function changeField(
  db: Db,
  actorId: number,
  id: string,
  change: FieldChange,
): Promise<CalculatedField> {
  for (let tries = 1; ; tries++) {
    const before = await getField(db, id);
    await assertMayChangeField(db, actorId, before);
    const update =
      'locked' in change
        ? lockStatement(before, change.locked)
        : expressionStatement(before, change.expression);
    const event = await recorded((tx) =>
      recordEvent(
        tx,
        actorId,
        fieldAction(change),
        { type: 'calculated-field', id: before.id, name: before.name },
        changed({ locked: before.locked, expression: before.expression }, change),
      ),
    );
    try {
      const [written] = await db.batch(update ? [update, ...event] : event);
      return toCalculatedField(update ? (written![0] as typeof before) : before);
    } catch (error) {
      if (!(error instanceof NoRows)) throw error;
      if (tries === TRIES)
        throw conflict(`Calculated field "${before.name}" kept changing; try again`);
    }
  }
}
