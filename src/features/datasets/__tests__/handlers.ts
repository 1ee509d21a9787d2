import { http, HttpResponse } from 'msw';
import type { Dataset, PermissionList } from '../../../api/contract';
import { server } from '../../../test/server';
import {
  aDataset,
  aQueryResult,
  anIndexedSchema,
  groupMembers,
  groups,
  notCertified,
  users,
} from './data';

export interface GivenDataset {
  dataset?: Dataset;
  permissions?: PermissionList['list'];
}

/**
 * Everything a dataset page reads, answered as a quiet dataset without a stream: tests override
 * the endpoints they are about with `server.use(...)` after this.
 */
export function givenDataset({ dataset = aDataset(), permissions = [] }: GivenDataset = {}) {
  const base = '/api/data/v3/datasources/:id';
  server.use(
    http.get(base, () => HttpResponse.json(dataset)),
    http.get('/api/query/v1/datasources/:id/schema/indexed', ({ request }) =>
      HttpResponse.json(
        anIndexedSchema(new URL(request.url).searchParams.get('includeHidden') === 'true'),
      ),
    ),
    http.post('/api/query/v1/execute/:id', () => HttpResponse.json(aQueryResult())),
    http.get('/api/tags/v3/DATA_SOURCE/:id/system/CERTIFIED/state', () =>
      HttpResponse.json(notCertified),
    ),
    http.get('/api/data/v1/streams', () => HttpResponse.json([])),
    http.get(`${base}/permissions`, () => HttpResponse.json({ list: permissions })),
    http.get('/api/data/v3/outbox', () => HttpResponse.json([])),
    http.get('/api/query/v1/datasources/:id/partition', () => HttpResponse.json([])),
    http.get('/api/content/v3/users', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
      return HttpResponse.json(
        users.filter((u) => `${u.displayName} ${u.emailAddress}`.toLowerCase().includes(q)),
      );
    }),
    http.get('/api/content/v2/groups', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
      return HttpResponse.json(groups.filter((g) => g.name.toLowerCase().includes(q)));
    }),
    http.get('/api/content/v2/groups/:id/users', ({ params }) =>
      HttpResponse.json(groupMembers[Number(params.id)] ?? []),
    ),
  );
  return dataset;
}
