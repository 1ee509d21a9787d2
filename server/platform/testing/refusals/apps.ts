import type { App } from '../../../../src/api/contract';
import { actingAs } from '../../access/principal';
import { CUSTOMERS_COLLECTION_ID } from '../../seed/datastores';
import { refusalTable } from './table';

// Ada (an Admin) registers the app `refusals`, whose collection `private` gives other users no
// permission, and calls it once. Ben is neither an Admin nor its declaring user.
const APP = 'refusals';
const manifest = { name: 'Refusals', collections: [{ name: 'private' }] };
const needsAdmin = (words: string) =>
  ({ status: 403, message: new RegExp(`You need the Admin role to ${words}`) }) as const;
const withoutCalls = (answer: unknown) =>
  (answer as App).id === APP && (answer as App).recentCalls.length === 0;
const manifestBody = () => Promise.resolve(new TextEncoder().encode(JSON.stringify(manifest)));

export default refusalTable({
  async setup(platform) {
    const ada = actingAs(1);
    await platform.services.apps.register(ada, APP, manifestBody);
    const app = await platform.services.apps.open(ada, APP);
    platform.services.apps.record(ada, app, {
      at: new Date().toISOString(),
      method: 'GET',
      path: '/service/datastores/v1/collections',
      status: 200,
      durationMs: 1,
    });
    return {};
  },
  rows: [
    {
      op: 'apps.list',
      as: 'ben',
      call: (s, a) => s.apps.list(a),
      refused: {
        why: "an app's recent calls are shown to the Admins and its declaring user only",
        leavesOut: (answer) => withoutCalls((answer as App[]).find((app) => app.id === APP)),
      },
    },
    {
      op: 'apps.get',
      as: 'ben',
      call: (s, a) => s.apps.get(a, APP),
      refused: {
        why: "an app's recent calls are shown to the Admins and its declaring user only",
        leavesOut: withoutCalls,
      },
    },
    {
      op: 'apps.register',
      as: 'ben',
      call: (s, a) => s.apps.register(a, APP, manifestBody),
      refused: needsAdmin('register an app'),
    },
    {
      op: 'apps.remove',
      as: 'ben',
      call: (s, a) => s.apps.remove(a, APP),
      refused: needsAdmin('remove an app'),
    },
    {
      op: 'apps.open',
      as: 'ben',
      call: (s, a) => s.apps.open(a, APP),
      refused: { open: 'every user may call an app: what the call reaches decides the rest' },
    },
    {
      op: 'apps.datastore',
      as: 'ben',
      call: async (s, a) => s.apps.datastore(a, await s.apps.open(a, APP)),
      refused: {
        open: "the app's datastore is its declaring Admin's; the document store decides each use",
      },
    },
    {
      op: 'apps.collection',
      as: 'ben',
      call: async (s, a) =>
        s.apps.collection(a, await s.apps.open(a, APP), CUSTOMERS_COLLECTION_ID),
      refused: {
        status: 404,
        message: new RegExp(`The app ${APP} has no collection ${CUSTOMERS_COLLECTION_ID}`),
      },
    },
    {
      op: 'apps.record',
      as: 'ben',
      call: async (s, a) =>
        s.apps.record(a, await s.apps.open(a, APP), {
          at: new Date().toISOString(),
          method: 'GET',
          path: '/service/datastores/v1/collections',
          status: 404,
          durationMs: 1,
        }),
      refused: {
        open: "every call of an app is kept; who is shown them is decided by the app's list",
      },
    },
  ],
});
