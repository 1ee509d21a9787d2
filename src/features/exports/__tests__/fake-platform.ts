import { http, HttpResponse } from 'msw';
import type { Dataset, ExportRecord } from '../../../api/contract';
import { aDataset as aDatasetOf } from '../../../test/data';
import { server } from '../../../test/server';

/** The sample dataset as the exports tests name it. */
export const aDataset = (overrides: Partial<Dataset> = {}): Dataset =>
  aDatasetOf({
    id: 'ds-sales',
    description: '',
    columnCount: 2,
    lastUpdated: '2026-11-20T08:00:00.000Z',
    ...overrides,
  });

export const anExport = (overrides: Partial<ExportRecord> = {}): ExportRecord => ({
  bucket: 'reports',
  compression: 'none',
  errorCode: '',
  exportFormat: 'csv',
  exportId: 'e-1',
  exportStatus: 'success',
  finished: new Date(Date.now() - 3_590_000).toISOString(),
  message: '',
  started: new Date(Date.now() - 3_600_000).toISOString(),
  urlRowCountMap: { 'local://reports/ds-sales/e-1/export/data.csv': 2000 },
  ...overrides,
});

/**
 * The exports of a few datasets, with rule 4.6a: a running export is returned as is; an earlier
 * success to the same bucket on unchanged data is returned instead of a new one; a new export
 * runs for `pollsToFinish` reads, then succeeds, or fails when its bucket is "blocked".
 */
export function givenExports(
  datasets: Dataset[],
  histories: Record<string, ExportRecord[]> = {},
  { pollsToFinish = 1, unreadable = [] as string[], mode = 'remote' } = {},
) {
  const exports = new Map(datasets.map((d) => [d.id, [...(histories[d.id] ?? [])]]));
  const posted: unknown[] = [];
  let next = 100;
  const reads = new Map<string, number>();
  const requested: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requested.push(new URL(request.url).pathname);
  });
  server.use(
    http.get('/gateway/status', () => HttpResponse.json({ mode, upstreams: [], brand: 'SERVICE' })),
    // The embedded platform's one read across datasets (newest first; unreadable ones left out).
    http.get('/api/query/v1/exports', () =>
      HttpResponse.json({
        exports: datasets
          .filter((d) => !unreadable.includes(d.id))
          .flatMap((d) =>
            (exports.get(d.id) ?? []).map((record) => ({
              datasetId: d.id,
              datasetName: d.name,
              record,
            })),
          )
          .sort((a, b) => b.record.started.localeCompare(a.record.started)),
        datasetCount: datasets.length - unreadable.length,
        next: null,
      }),
    ),
    http.get('/api/data/v3/datasources', () => HttpResponse.json(datasets)),
    http.get('/api/data/v3/datasources/:id', ({ params }) => {
      const dataset = datasets.find((d) => d.id === params.id);
      return dataset
        ? HttpResponse.json(dataset)
        : HttpResponse.json({ message: 'No such dataset' }, { status: 404 });
    }),
    http.get('/api/query/v1/datasources/:id/schema/indexed', ({ params }) =>
      HttpResponse.json({
        name: 'x',
        dataSourceId: params.id,
        tables: [
          {
            columns: [
              { name: 'region', id: 'c1', type: 'STRING', visible: true, order: 0 },
              { name: 'amount', id: 'c2', type: 'DECIMAL', visible: true, order: 1 },
            ],
          },
        ],
      }),
    ),
    http.get('/api/query/v1/export/:id', ({ params }) => {
      const id = String(params.id);
      if (unreadable.includes(id))
        return HttpResponse.json(
          { errorCode: 'FORBIDDEN', message: 'No read access' },
          { status: 403 },
        );
      const list = exports.get(id) ?? [];
      for (const [i, record] of list.entries()) {
        if (record.exportStatus !== 'running') continue;
        const seen = (reads.get(record.exportId) ?? 0) + 1;
        reads.set(record.exportId, seen);
        if (seen > pollsToFinish) {
          const failed = record.bucket === 'blocked';
          list[i] = {
            ...record,
            exportStatus: failed ? 'failed' : 'success',
            finished: new Date().toISOString(),
            errorCode: failed ? 'EXPORT_FAILED' : '',
            message: failed ? 'The bucket “blocked” cannot be written' : '',
            urlRowCountMap: failed ? {} : { [`local://${record.bucket}/x/export/data.csv`]: 2000 },
          };
        }
      }
      return HttpResponse.json(list);
    }),
    http.post('/api/query/v1/export/:id', async ({ params, request }) => {
      const id = String(params.id);
      const body = (await request.json()) as { bucket: string };
      posted.push(body);
      const list = exports.get(id) ?? [];
      const running = list.find((r) => r.exportStatus === 'running');
      if (running) return HttpResponse.json(running);
      const same = list.find((r) => r.exportStatus === 'success' && r.bucket === body.bucket);
      if (same) return HttpResponse.json(same);
      const record = anExport({
        exportId: `e-${next++}`,
        bucket: body.bucket,
        exportStatus: 'running',
        started: new Date().toISOString(),
        finished: null,
        urlRowCountMap: {},
      });
      list.unshift(record);
      return HttpResponse.json(record);
    }),
  );
  return { posted, requested };
}
