import { actingAs } from '../../access/principal';
import { parsePlan } from '../../datastores/query/plan';
import { CUSTOMERS_COLLECTION_ID, SAMPLE_DATASTORE_ID } from '../../seed/datastores';
import { refusalTable } from './table';

// Sales operations (Ada's) holds customers, which has no default permissions: Finance (Chloe,
// Eve) may READ and READ_CONTENT it, Chloe also CREATE_CONTENT and UPDATE_CONTENT; Ben and Dev
// have no permission to it at all. Every user sees Sales operations through orders. Ben makes a
// datastore of his own with a collection nobody else has a permission to.
interface Fixtures {
  benStore: string;
  benCollection: string;
}

const customers = CUSTOMERS_COLLECTION_ID;
const salesOps = SAMPLE_DATASTORE_ID;
const collectionHidden = {
  status: 404,
  message: new RegExp(`Collection ${customers} not found, or you have no permission to it`),
} as const;
const needs = (permission: string, words: string) =>
  ({
    status: 403,
    message: new RegExp(`You need the ${permission} permission to ${words} collection customers`),
  }) as const;
const onlyTheOwner = (words: string) =>
  ({
    status: 403,
    message: new RegExp(`Only the owner of datastore Sales operations or an Admin may ${words}`),
  }) as const;
const ids = (answer: unknown) => (answer as Array<{ id: string }>).map((row) => row.id);

export default refusalTable<Fixtures>({
  async setup(platform) {
    const ben = actingAs(2);
    const store = await platform.services.datastores.create(ben, 'Ben private (refusals)');
    const made = await platform.services.datastores.createCollection(ben, store.id, {
      name: 'secrets',
    });
    return { benStore: store.id, benCollection: made.id };
  },
  rows: [
    {
      op: 'datastores.open',
      as: 'ben',
      call: (s, a) => s.datastores.open(a, customers, 'read'),
      refused: collectionHidden,
    },
    {
      op: 'datastores.list',
      as: 'dev',
      call: (s, a) => s.datastores.list(a),
      refused: {
        why: 'a list holds only the datastores the user may see',
        leavesOut: (answer, f) => !ids(answer).includes(f.benStore),
      },
    },
    {
      op: 'datastores.create',
      as: 'dev',
      call: (s, a) => s.datastores.create(a, 'Dev own (refusals)'),
      refused: { open: 'every user may make a datastore of their own' },
    },
    {
      op: 'datastores.listCollections',
      as: 'dev',
      call: (s, a) => s.datastores.listCollections(a),
      refused: {
        why: 'a list holds only the collections the user may see',
        leavesOut: (answer, f) =>
          !ids(answer).includes(customers) && !ids(answer).includes(f.benCollection),
      },
    },
    {
      op: 'datastores.collectionsOf',
      as: 'dev',
      call: (s, a, f) => s.datastores.collectionsOf(a, f.benStore),
      refused: { status: 404, message: /Datastore .+ not found, or you have no permission to it/ },
    },
    {
      op: 'datastores.createCollection',
      as: 'chloe',
      call: (s, a) => s.datastores.createCollection(a, salesOps, { name: 'refused' }),
      refused: onlyTheOwner('do this'),
    },
    {
      op: 'datastores.getCollection',
      as: 'ben',
      call: (s, a) => s.datastores.getCollection(a, customers),
      refused: collectionHidden,
    },
    {
      op: 'datastores.updateCollection',
      as: 'chloe',
      call: (s, a) => s.datastores.updateCollection(a, customers, { name: 'renamed' }),
      refused: needs('WRITE', 'change'),
    },
    {
      op: 'datastores.deleteCollection',
      as: 'eve',
      call: (s, a) => s.datastores.deleteCollection(a, customers),
      refused: needs('DELETE', 'delete'),
    },
    {
      op: 'datastores.permissions',
      as: 'ben',
      call: (s, a) => s.datastores.permissions(a, customers),
      refused: collectionHidden,
    },
    {
      op: 'datastores.grant',
      as: 'chloe',
      call: (s, a) => s.datastores.grant(a, customers, { type: 'USER', id: 4 }, ['READ']),
      refused: needs('SHARE', 'change who may use'),
    },
    {
      op: 'datastores.revoke',
      as: 'eve',
      call: (s, a) => s.datastores.revoke(a, customers, { type: 'USER', id: 3 }),
      refused: needs('SHARE', 'change who may use'),
    },
    {
      op: 'datastores.access',
      as: 'dev',
      call: (s, a) => s.datastores.access(a, customers),
      refused: collectionHidden,
    },
    {
      op: 'datastores.syncNow',
      as: 'chloe',
      call: (s, a) => s.datastores.syncNow(a, salesOps),
      refused: onlyTheOwner('sync it now'),
    },
    {
      op: 'datastores.syncStatus',
      as: 'ben',
      call: (s, a) => s.datastores.syncStatus(a, customers),
      refused: collectionHidden,
    },
    {
      op: 'documents.query',
      as: 'ben',
      call: (s, a) => s.documents.query(a, customers, {}, parsePlan({})),
      refused: collectionHidden,
    },
    {
      op: 'documents.contents',
      as: 'ben',
      call: (s, a) => s.documents.contents(a, customers),
      refused: collectionHidden,
    },
    {
      op: 'documents.get',
      as: 'dev',
      call: (s, a) => s.documents.get(a, customers, 'any'),
      refused: collectionHidden,
    },
    {
      op: 'documents.createOne',
      as: 'eve',
      call: (s, a) => s.documents.createOne(a, customers, { name: 'refused' }),
      refused: needs('CREATE_CONTENT', 'create documents in'),
    },
    {
      op: 'documents.createMany',
      as: 'eve',
      call: (s, a) => s.documents.createMany(a, customers, [{ content: { name: 'refused' } }]),
      refused: needs('CREATE_CONTENT', 'create documents in'),
    },
    {
      op: 'documents.replace',
      as: 'eve',
      call: (s, a) => s.documents.replace(a, customers, 'any', { name: 'refused' }),
      refused: needs('UPDATE_CONTENT', 'change documents in'),
    },
    {
      op: 'documents.removeOne',
      as: 'chloe',
      call: (s, a) => s.documents.removeOne(a, customers, 'any'),
      refused: needs('DELETE_CONTENT', 'delete documents from'),
    },
    {
      op: 'documents.remove',
      as: 'chloe',
      call: (s, a) => s.documents.remove(a, customers, ['any']),
      refused: needs('DELETE_CONTENT', 'delete documents from'),
    },
    {
      op: 'documents.upsert',
      as: 'eve',
      call: (s, a) => s.documents.upsert(a, customers, [{ content: { name: 'refused' } }]),
      refused: needs('CREATE_CONTENT', 'create documents in'),
    },
    {
      op: 'documents.updateMatching',
      as: 'eve',
      call: (s, a) => s.documents.updateMatching(a, customers, {}, { $set: { name: 'refused' } }),
      refused: needs('UPDATE_CONTENT', 'change documents in'),
    },
  ],
});
