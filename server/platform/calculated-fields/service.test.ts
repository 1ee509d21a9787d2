import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs } from '../access/principal';
import { ADMIN_USER_ID } from '../core/auth';
import { DatasetService } from '../datasets/service';
import { Principals } from '../people/principals';
import { seedIfEmpty } from '../seed';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { CalculatedFieldService, type FieldChange } from './service';

/**
 * A change is written over the version of the field it was judged on: when another change
 * comes between the read and the write, the field is read and judged again (one batch each).
 */
let db: Db;
beforeAll(async () => {
  db = await openTestStore('calculated-field-service-');
  await seedIfEmpty(db);
});
afterAll(() => db.close());

const fieldNamed = async (name: string) =>
  (await db.query<{ id: number }>('SELECT id FROM calculated_fields WHERE name = $1', [name]))[0]!
    .id;
const events = async (id: number) =>
  (
    await db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE object_type = 'calculated-field' AND object_id = $1
       ORDER BY id`,
      [String(id)],
    )
  ).map((e) => e.action);

/** The service on `store`, acting as the Admin. */
const changeField = (store: Db, id: string, change: FieldChange) => {
  const principals = new Principals(store);
  const fields = new CalculatedFieldService(
    store,
    principals,
    new DatasetService(store, principals),
  );
  return fields.change(actingAs(ADMIN_USER_ID), id, change);
};

/** The store, with `meanwhile` run once just before the first batch is written. */
function withChangeBetween(meanwhile: () => Promise<unknown>): Db {
  let done = false;
  return {
    ...db,
    async batch(statements) {
      if (!done) {
        done = true;
        await meanwhile();
      }
      return db.batch(statements);
    },
  };
}

describe('CalculatedFieldService.change', () => {
  it('a change that lost a race is read and written again, with one event', async () => {
    const id = await fieldNamed('Total visits');
    await db.query('UPDATE calculated_fields SET locked = false WHERE id = $1', [id]);
    const racing = withChangeBetween(() =>
      db.query(
        `UPDATE calculated_fields SET last_modified = last_modified + 1, expression = expression
         WHERE id = $1`,
        [id],
      ),
    );
    const before = await events(id);
    const field = await changeField(racing, String(id), { locked: true });
    expect(field.locked).toBe(true);
    expect((await events(id)).slice(before.length)).toEqual(['field.locked']);
  });

  it('an edit judged on an unlocked field is refused when a lock came between', async () => {
    const id = await fieldNamed('Needs reorder');
    await db.query('UPDATE calculated_fields SET locked = false WHERE id = $1', [id]);
    const [{ expression }] = (await db.query<{ expression: string }>(
      'SELECT expression FROM calculated_fields WHERE id = $1',
      [id],
    )) as [{ expression: string }];
    const racing = withChangeBetween(() => changeField(db, String(id), { locked: true }));
    await expect(changeField(racing, String(id), { expression: '1 + 1' })).rejects.toMatchObject({
      status: 409,
    });
    const [after] = await db.query<{ expression: string; locked: boolean }>(
      'SELECT expression, locked FROM calculated_fields WHERE id = $1',
      [id],
    );
    expect(after).toEqual({ expression, locked: true });
  });
});
