import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing';
import { documentsPath, newDatastore, ok, v1 } from '../testing/datastores';

// What the platform's own client sends and reads, kept as the public model has it.
// The raw JSON is read (not parsed through our schema) so that defaults cannot hide a loss.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const filter = {
  name: 'by region',
  applyOn: ['READ'],
  applyTo: [{ type: 'GROUP_ID', values: ['2'] }],
  wildcardGroups: ['region-*'],
  maxWildcardGroups: 3,
  query: { 'content.region': 'EU' },
};

describe('collection fields of the public model', () => {
  it('keeps defaultPermissions, requiredAuthorities, filters and exportable on create and update', async () => {
    const store = await newDatastore(platform);
    const created = await ok<Record<string, unknown>>(
      await platform.api(`${v1}/${store.id}/collections/`, {
        method: 'POST',
        json: {
          name: 'public model',
          defaultPermissions: 'READ,READ_CONTENT',
          requiredAuthorities: { READ: ['authority.read'] },
          filters: [filter],
          exportable: true,
        },
      }),
    );
    expect(created).toMatchObject({
      defaultPermissions: 'READ,READ_CONTENT',
      requiredAuthorities: { READ: ['authority.read'] },
      filters: [{ ...filter, applyToAll: false, limitToOwner: false }],
      exportable: true,
    });

    const updated = await ok<Record<string, unknown>>(
      await platform.api(`${v1}/collections/${created.id as string}`, {
        method: 'PUT',
        json: {
          requiredAuthorities: { READ: ['a.read', 'b.read'], UPDATE_CONTENT: ['a.write'] },
          exportable: false,
        },
      }),
    );
    expect(updated).toMatchObject({
      defaultPermissions: 'READ,READ_CONTENT',
      requiredAuthorities: { READ: ['a.read', 'b.read'], UPDATE_CONTENT: ['a.write'] },
      exportable: false,
    });
    const read = await ok<Record<string, unknown>>(
      await platform.api(`${v1}/collections/${created.id as string}`),
    );
    expect(read.requiredAuthorities).toEqual(updated.requiredAuthorities);
    expect(read.filters).toEqual([{ ...filter, applyToAll: false, limitToOwner: false }]);
  });

  it('refuses a required authority that is not a list', async () => {
    const store = await newDatastore(platform);
    const res = await platform.api(`${v1}/${store.id}/collections`, {
      method: 'POST',
      json: { name: 'bad', requiredAuthorities: { READ: 'authority.read' } },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^requiredAuthorities\.READ/,
    );
  });

  it('names the customer on v1 documents', async () => {
    const store = await newDatastore(platform);
    const coll = await ok<{ id: string }>(
      await platform.api(`${v1}/${store.id}/collections`, { method: 'POST', json: { name: 'c' } }),
    );
    const doc = await ok<Record<string, unknown>>(
      await platform.api(documentsPath(coll.id, 'v1'), { method: 'POST', json: { content: {} } }),
    );
    expect(doc.customer).toBe('embedded');
  });
});
