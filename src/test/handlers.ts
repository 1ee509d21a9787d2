import { http, HttpResponse } from 'msw';
import {
  aGatewayStatus,
  fullCollectionAccess,
  fullDataFileAccess,
  fullDatasetAccess,
  fullFilesetAccess,
  testMe,
  testUsers,
} from './data';

/** What every test gets unless it says otherwise: a reachable embedded platform, and its users. */
export const defaultHandlers = [
  http.get('/gateway/status', () => HttpResponse.json(aGatewayStatus())),
  // Read by list screens for every row (a dataset's source and certification, a datastore's
  // collection count): quiet answers unless a test says otherwise.
  http.get('/api/data/v1/streams', () => HttpResponse.json([])),
  http.get('/api/data/v1/streams/connectors', () => HttpResponse.json([])),
  http.get('/api/datastores/v1/collections', () => HttpResponse.json([])),
  http.get('/api/tags/v3/DATA_SOURCE/:id/system/CERTIFIED/state', () =>
    HttpResponse.json({ tag: 'CERTIFIED', state: null, metadata: null, updated: null }),
  ),
  http.get('/api/content/v2/users/me', () => HttpResponse.json(testMe)),
  http.get('/api/access/v1/datasets/:id', () => HttpResponse.json(fullDatasetAccess)),
  http.get('/api/access/v1/collections/:id', () => HttpResponse.json(fullCollectionAccess)),
  http.get('/api/access/v1/data-files/:id', () => HttpResponse.json(fullDataFileAccess)),
  http.get('/api/access/v1/filesets/:id', () => HttpResponse.json(fullFilesetAccess)),
  http.get('/api/access/v1/calculated-fields', ({ request }) =>
    HttpResponse.json(
      (new URL(request.url).searchParams.get('ids') ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => ({
          id: Number(id),
          operations: { read: { allowed: true }, change: { allowed: true } },
        })),
    ),
  ),
  http.get('/api/content/v3/users/:id', ({ params }) => {
    const user = testUsers.find((u) => u.id === Number(params.id));
    return user
      ? HttpResponse.json(user)
      : HttpResponse.json({ message: `No user ${String(params.id)}` }, { status: 404 });
  }),
];
