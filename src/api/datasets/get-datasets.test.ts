import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { getDatasetPage } from './get-datasets';
import { datasetKeys } from './keys';

const aDataset = (i: number) => ({
  id: `ds-${i}`,
  name: `Dataset ${i}`,
  description: '',
  owner: 1,
  rowCount: i,
  columnCount: 1,
  created: '2026-01-01T00:00:00.000Z',
  lastUpdated: '2026-01-01T00:00:00.000Z',
});

describe('getDatasetPage', () => {
  it('asks for one row more than the page to know whether a next page exists', async () => {
    let asked: Record<string, string> = {};
    server.use(
      http.get('/api/data/v3/datasources', ({ request }) => {
        asked = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json(
          Array.from({ length: Number(asked.limit) }, (_, i) => aDataset(i)),
        );
      }),
    );
    const page = await getDatasetPage({
      page: 2,
      pageSize: 10,
      nameLike: 'a b',
      sort: 'rowCount',
      order: 'desc',
    });
    expect(asked).toEqual({
      limit: '11',
      offset: '20',
      nameLike: 'a b',
      sort: 'rowCount',
      order: 'desc',
    });
    expect(page.datasets).toHaveLength(10);
    expect(page.hasNextPage).toBe(true);
  });

  it('knows the last page when fewer rows come back', async () => {
    server.use(http.get('/api/data/v3/datasources', () => HttpResponse.json([aDataset(1)])));
    const page = await getDatasetPage({ page: 0, pageSize: 25 });
    expect(page).toEqual({ datasets: [aDataset(1)], hasNextPage: false });
  });

  it('refuses an answer that breaks the contract', async () => {
    server.use(
      http.get('/api/data/v3/datasources', () =>
        HttpResponse.json([{ ...aDataset(1), rowCount: 'many' }]),
      ),
    );
    await expect(getDatasetPage({ page: 0, pageSize: 25 })).rejects.toThrow(/\[0\]\.rowCount/);
  });
});

describe('datasetKeys', () => {
  it('puts everything read about a dataset under its detail key', () => {
    const detail = datasetKeys.detail('x');
    for (const key of [
      datasetKeys.schema('x', true),
      datasetKeys.preview('x'),
      datasetKeys.permissions('x'),
      datasetKeys.outbox('x'),
      datasetKeys.certification('x'),
      datasetKeys.partitions('x'),
    ])
      expect(key.slice(0, detail.length)).toEqual(detail);
  });
});
