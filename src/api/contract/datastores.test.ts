import { describe, expect, it } from 'vitest';
import { collection, datastore, documentV1, documentV2 } from './datastores';

/** 2.1, with every field the spec lists. */
const specCollection = {
  id: '9a1f2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  datastoreId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  defaultPermissions: 'ADMIN,READ',
  requiredAuthorities: { READ: ['authority.read'] },
  owner: 27,
  name: 'orders',
  datasourceId: null,
  schema: {
    columns: [
      { type: 'STRING', name: 'id' },
      { type: 'DATETIME', name: 'placed' },
    ],
  },
  filters: null,
  syncEnabled: false,
  syncRequired: true,
  fullReplaceRequired: false,
  lastSync: null,
  createdOn: '2026-01-02T03:04:05Z',
  updatedOn: '2026-01-02T03:04:05Z',
  updatedBy: 27,
};

const documentFields = {
  id: 'doc-1',
  datastoreId: specCollection.datastoreId,
  collectionId: specCollection.id,
  syncRequired: true,
  createdOn: '2026-01-02T03:04:05Z',
  updatedOn: '2026-01-02T03:04:05Z',
  content: { sku: 'A-1', tags: ['x'], nested: { n: 1 } },
};

describe('2.1 Collection', () => {
  it('reads the spec shape, nullable fields null; exportable is false when an instance omits it', () => {
    expect(collection.parse(specCollection)).toEqual({ ...specCollection, exportable: false });
    expect(collection.parse({ ...specCollection, exportable: true }).exportable).toBe(true);
  });

  it('refuses a required authority that is not a list (the vendor model: a list per operation)', () => {
    expect(
      collection.safeParse({ ...specCollection, requiredAuthorities: { READ: 'authority.read' } })
        .success,
    ).toBe(false);
  });

  it('reads the nullable fields filled in', () => {
    const filled = {
      ...specCollection,
      datasourceId: 'ds-1',
      lastSync: '2026-01-03T00:00:00Z',
      filters: [
        {
          name: 'mine',
          applyOn: ['READ', 'UPDATE'],
          applyTo: [{ type: 'GROUP_ID', values: ['7'] }],
          applyToAll: false,
          limitToOwner: true,
          query: { 'content.owner': 'me' },
        },
      ],
    };
    expect(collection.parse(filled).filters).toHaveLength(1);
  });

  it('rejects an unknown column type', () => {
    const wrong = { ...specCollection, schema: { columns: [{ type: 'BOOLEAN', name: 'x' }] } };
    expect(collection.safeParse(wrong).success).toBe(false);
  });

  it('rejects a string owner (collection owners are integers)', () => {
    expect(collection.safeParse({ ...specCollection, owner: '27' }).success).toBe(false);
  });

  it('rejects a missing field', () => {
    const { fullReplaceRequired: _omitted, ...missing } = specCollection;
    expect(collection.safeParse(missing).success).toBe(false);
  });
});

describe('datastore', () => {
  it('reads the listing shape with an integer owner', () => {
    const value = { id: 'd1', name: 'Main', owner: 3, createdOn: 'x', updatedOn: 'y' };
    expect(datastore.parse(value)).toEqual(value);
    expect(datastore.safeParse({ ...value, owner: '3' }).success).toBe(false);
  });
});

describe('2.2 Document', () => {
  it('v1 form: integer user ids, createdBy only from Create Document', () => {
    const listed = { ...documentFields, owner: 27, updatedBy: 27 };
    expect(documentV1.parse(listed)).toEqual(listed);
    expect(documentV1.parse({ ...listed, createdBy: 27 }).createdBy).toBe(27);
  });

  it('v1 form rejects string owners', () => {
    const wrong = { ...documentFields, owner: '27', updatedBy: 27 };
    expect(documentV1.safeParse(wrong).success).toBe(false);
  });

  it('v2 form: string user ids, createdBy always there', () => {
    const created = { ...documentFields, owner: '27', createdBy: '27', updatedBy: '27' };
    expect(documentV2.parse(created)).toEqual(created);
  });

  it('v2 form rejects integer owners and a missing createdBy', () => {
    expect(
      documentV2.safeParse({ ...documentFields, owner: 27, createdBy: '27', updatedBy: '27' })
        .success,
    ).toBe(false);
    expect(documentV2.safeParse({ ...documentFields, owner: '27', updatedBy: '27' }).success).toBe(
      false,
    );
  });

  it('content must be an object', () => {
    const wrong = {
      ...documentFields,
      content: [1, 2],
      owner: '1',
      createdBy: '1',
      updatedBy: '1',
    };
    expect(documentV2.safeParse(wrong).success).toBe(false);
  });
});
