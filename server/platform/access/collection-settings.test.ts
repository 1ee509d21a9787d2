import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMERS_COLLECTION_ID as CUSTOMERS,
  ORDERS_COLLECTION_ID as ORDERS,
} from '../seed/datastores';
import { startTestPlatform, type TestPlatform } from '../testing';
import { sampleUserRequests, type AsUser } from '../testing/users';

// A user with WRITE (orders gives it to every user by default) may not change the filters
// that limit what he reads. Filters, default permissions and required authorities need ADMIN:
// the collection's owner, the datastore's owner, an Admin or a holder of the ADMIN permission.
// Ben makes a datastore with a collection `mine` and hands the collection to Chloe; Eve is given
// the ADMIN permission on orders; Dev (Participant) reads orders through a filter (West only).
let platform: TestPlatform;
let as: AsUser;
let MINE = '';

const coll = (id: string) => `/api/datastores/v1/collections/${id}`;
const westOnly = {
  name: 'West only',
  applyOn: ['READ', 'UPDATE', 'DELETE'],
  applyTo: [{ type: 'USER_ID', values: ['4'] }],
  applyToAll: false,
  limitToOwner: false,
  query: { 'content.region': 'West' },
};
const regionsDevReads = async () => {
  const res = await as('dev', `${coll(ORDERS)}/documents/query?limit=10000`, 'POST', {});
  expect(res.status).toBe(200);
  const docs = (await res.json()) as Array<{ content: { region: string } }>;
  return { count: docs.length, regions: new Set(docs.map((d) => d.content.region)) };
};

beforeAll(async () => {
  platform = await startTestPlatform();
  as = await sampleUserRequests(platform);
  expect((await as('ada', coll(ORDERS), 'PUT', { filters: [westOnly] })).status).toBe(200);
  const grant = await as('ada', `${coll(ORDERS)}/permission/USER/5?permissions=admin`, 'PUT');
  expect(grant.status).toBe(200);
  const store = (await (
    await as('ben', '/api/datastores/v1/', 'POST', { name: 'Ben settings' })
  ).json()) as { id: string };
  const created = await as('ben', `/api/datastores/v1/${store.id}/collections`, 'POST', {
    name: 'mine',
  });
  MINE = ((await created.json()) as { id: string }).id;
  expect((await as('ben', coll(MINE), 'PUT', { owner: 3 })).status).toBe(200);
});
afterAll(() => platform.close());

const changes = {
  filters: { filters: [] },
  'filters null': { filters: null },
  defaultPermissions: { defaultPermissions: 'READ,READ_CONTENT' },
  'defaultPermissions WRITE': { defaultPermissions: 'READ,WRITE' },
  requiredAuthorities: { requiredAuthorities: null },
  exportable: { exportable: true },
  syncEnabled: { syncEnabled: false },
} as const;
type Change = keyof typeof changes;

// user × collection × change → status (403 names the permission needed; 404 hides the collection)
const table: Array<[string, 'orders' | 'customers' | 'mine', Change, number, string?]> = [
  ['dev', 'orders', 'filters', 403, 'ADMIN'],
  ['dev', 'orders', 'filters null', 403, 'ADMIN'],
  ['dev', 'orders', 'requiredAuthorities', 403, 'ADMIN'],
  ['dev', 'orders', 'defaultPermissions', 403, 'SHARE'],
  ['dev', 'orders', 'exportable', 200],
  ['dev', 'orders', 'syncEnabled', 200],
  ['ben', 'orders', 'filters', 403, 'ADMIN'],
  ['chloe', 'customers', 'filters', 403, 'WRITE'],
  ['ben', 'customers', 'filters', 404],
  ['eve', 'orders', 'requiredAuthorities', 200],
  ['ada', 'orders', 'requiredAuthorities', 200],
  ['chloe', 'mine', 'filters', 200],
  ['ben', 'mine', 'requiredAuthorities', 200],
  ['dev', 'mine', 'filters', 404],
  // Every user may now change mine, but not its filters.
  ['ben', 'mine', 'defaultPermissions WRITE', 200],
  ['dev', 'mine', 'exportable', 200],
  ['dev', 'mine', 'filters', 403, 'ADMIN'],
  ['ada', 'customers', 'defaultPermissions', 200],
];

describe('collection settings', () => {
  it.each(table)('%s on %s changes %s → %i', async (who, name, change, status, needed) => {
    const id = { orders: ORDERS, customers: CUSTOMERS, mine: MINE }[name];
    const res = await as(who, coll(id), 'PUT', changes[change]);
    const body = (await res.json()) as { message?: string };
    expect(res.status, body.message).toBe(status);
    if (needed)
      expect(body.message).toMatch(new RegExp(`You need the ${needed} permission to .+ ${name}`));
  });

  it('a filtered reader stays filtered after trying to drop his filter', async () => {
    const before = await regionsDevReads();
    expect([...before.regions]).toEqual(['West']);
    expect((await as('dev', coll(ORDERS), 'PUT', { filters: [] })).status).toBe(403);
    expect(await regionsDevReads()).toEqual(before);
    const detail = (await (await as('ada', coll(ORDERS))).json()) as { filters: unknown[] };
    expect(detail.filters).toHaveLength(1);
  });

  it('the access answer tells the console who may change the settings', async () => {
    const ability = async (who: string, id: string) =>
      (
        (await (await as(who, `/api/access/v1/collections/${id}`)).json()) as {
          operations: Record<string, { allowed: boolean; needed?: string }>;
        }
      ).operations;
    expect((await ability('dev', ORDERS)).administer).toEqual({
      allowed: false,
      status: 403,
      needed: 'ADMIN',
    });
    expect((await ability('dev', ORDERS)).update).toEqual({ allowed: true });
    expect((await ability('eve', ORDERS)).administer).toEqual({ allowed: true });
    expect((await ability('chloe', MINE)).administer).toEqual({ allowed: true });
  });
});
