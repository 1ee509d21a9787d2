import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_DATASET_ID as SALES } from '../seed/datasets';
import { startTestPlatform, type TestPlatform } from '../testing';
import { sampleUserRequests, type AsUser } from '../testing/users';

// A Participant may not edit or lock another user's calculated field. A field is changed
// by its owner, the owners and co-owners of the datasets it links and Admins; read by everyone.
// Seed: Sales (Ada's; Ben CAN_EDIT, Finance CAN_SHARE) links "Units" (Chloe's) and "Revenue per
// unit" (Ada's); Web traffic (Ben's) links "Total visits" (Ben's) and "Site section" (Eve's);
// Inventory snapshot (Ada's) links "Needs reorder" (Dev's).
let platform: TestPlatform;
let as: AsUser;
const fields: Record<string, { id: number; owner: number }> = {};

const template = (name: string) => `/api/query/v1/functions/template/${fields[name]?.id ?? 999999}`;

beforeAll(async () => {
  platform = await startTestPlatform();
  as = await sampleUserRequests(platform);
  const all = (await (
    await as('ada', '/api/query/v1/functions/search', 'POST', { limit: 5000, offset: 0 })
  ).json()) as { results: Array<{ id: number; name: string; owner: number }> };
  for (const f of all.results) fields[f.name] = f;
  expect(
    ['Units', 'Revenue per unit', 'Total visits', 'Site section', 'Needs reorder'].map(
      (n) => fields[n]?.owner,
    ),
  ).toEqual([3, 1, 2, 5, 4]);
});
afterAll(() => platform.close());

type Act = 'lock' | 'unlock' | 'edit' | 'get';
const act = (who: string, name: string, what: Act) =>
  what === 'get'
    ? as(who, template(name))
    : as(
        who,
        template(name),
        'PUT',
        what === 'edit' ? { expression: 'SUM(`units`)' } : { locked: what === 'lock' },
      );

// In order: user × field × act → status.
const table: Array<[string, string, Act, number]> = [
  ['dev', 'Revenue per unit', 'lock', 403],
  ['dev', 'Revenue per unit', 'edit', 403],
  ['dev', 'Revenue per unit', 'get', 200],
  ['dev', 'Needs reorder', 'lock', 200],
  ['dev', 'Needs reorder', 'unlock', 200],
  ['dev', 'no such field', 'lock', 404],
  ['chloe', 'Units', 'lock', 200],
  ['chloe', 'Units', 'unlock', 200],
  ['chloe', 'Units', 'edit', 200],
  ['chloe', 'Revenue per unit', 'lock', 403],
  ['ben', 'Revenue per unit', 'lock', 403],
  ['ben', 'Site section', 'lock', 200],
  ['ben', 'Site section', 'unlock', 200],
  ['eve', 'Site section', 'edit', 200],
  ['eve', 'Total visits', 'edit', 403],
  ['eve', 'Total visits', 'lock', 403],
  ['ada', 'Needs reorder', 'lock', 200],
  ['dev', 'Needs reorder', 'unlock', 200],
  ['ada', 'Total visits', 'lock', 200],
  ['ben', 'Total visits', 'unlock', 200],
];

describe('calculated field policy', () => {
  it.each(table)('%s: %s, %s → %i', async (who, name, what, status) => {
    const res = await act(who, name, what);
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (status === 403)
      expect(JSON.parse(text)).toEqual({
        message: `Calculated field "${name}" may be changed only by the owner of the field, an owner or co-owner of a dataset it links, or an Admin`,
      });
  });

  it('a refused change writes nothing, and a bad body from someone refused is refused first', async () => {
    const before: unknown = await (await as('ada', template('Revenue per unit'))).json();
    expect((await act('dev', 'Revenue per unit', 'lock')).status).toBe(403);
    expect((await as('dev', template('Revenue per unit'), 'PUT', { nope: 1 })).status).toBe(403);
    expect(await (await as('ada', template('Revenue per unit'))).json()).toEqual(before);
  });

  it('a co-owner of a linked dataset may change its fields', async () => {
    expect((await act('chloe', 'Revenue per unit', 'lock')).status).toBe(403);
    const share = await as('ada', `/api/data/v3/datasources/${SALES}/share`, 'POST', {
      permissions: [{ type: 'USER', id: '3', accessLevel: 'CO_OWNER' }],
    });
    expect(share.status).toBe(200);
    expect((await act('chloe', 'Revenue per unit', 'lock')).status).toBe(200);
    expect((await act('chloe', 'Revenue per unit', 'unlock')).status).toBe(200);
  });

  it('the access answer says which fields the caller may change', async () => {
    const one = await as('eve', `/api/access/v1/calculated-fields/${fields['Total visits']!.id}`);
    expect(await one.json()).toEqual({
      id: fields['Total visits']!.id,
      operations: {
        read: { allowed: true },
        change: {
          allowed: false,
          status: 403,
          needed: 'the owner of the field, an owner or co-owner of a dataset it links, or an Admin',
        },
      },
    });
    const ids = ['Site section', 'Total visits', 'Units'].map((n) => fields[n]!.id);
    const page = (await (
      await as('eve', `/api/access/v1/calculated-fields?ids=${ids.join(',')},999999`)
    ).json()) as Array<{ id: number; operations: { change: { allowed: boolean } } }>;
    expect(Object.fromEntries(page.map((f) => [f.id, f.operations.change.allowed]))).toEqual({
      [fields['Site section']!.id]: true,
      [fields['Total visits']!.id]: false,
      [fields.Units!.id]: false,
    });
    expect((await as('eve', '/api/access/v1/calculated-fields?ids=1;2')).status).toBe(400);
    expect((await as('eve', '/api/access/v1/calculated-fields/999999')).status).toBe(404);
  });
});
