import { http, HttpResponse } from 'msw';
import type { Stream, StreamExecution } from '../../../api/contract';
import { server } from '../../../test/server';
import { accounts, aDataFile, aStream as baseStream, connectors } from './data';

export const aRun = (overrides: Partial<StreamExecution> = {}): StreamExecution => ({
  id: 40,
  streamId: 7,
  state: 'SUCCESS',
  runType: 'MANUAL',
  runNumber: 1,
  startedAt: '2026-11-25T09:00:00.000Z',
  endedAt: '2026-11-25T09:00:02.500Z',
  rowsInserted: 12,
  partitionId: null,
  errorMessage: null,
  ...overrides,
});

/** A stream of `connector` loading the dataset `ds-{id}` called `name`. */
export const aStream = ({
  id = 7,
  name = 'Targets',
  connector = 'data-file',
  ...overrides
}: Partial<Stream> & { name?: string; connector?: string } = {}): Stream =>
  baseStream({
    id,
    transport: { type: 'CONNECTOR', description: connector, version: '1' },
    dataProvider: { key: connector },
    dataSource: { id: `ds-${id}`, name, description: '' },
    lastExecution: null,
    ...overrides,
  });

/**
 * Streams with their runs (newest first). Run now adds an ACTIVE run that succeeds with
 * `rowsPerRun` rows after `pollsToFinish` reads of it, or fails when `failRuns` is set.
 */
export function givenStreams(
  streams: Stream[],
  runs: Record<number, StreamExecution[]> = {},
  { pollsToFinish = 1, rowsPerRun = 12, failRuns = false } = {},
) {
  const history = new Map(streams.map((s) => [s.id, [...(runs[s.id] ?? [])]]));
  const reads = new Map<number, number>();
  let nextId = 100;
  const withLast = (s: Stream): Stream => ({ ...s, lastExecution: history.get(s.id)?.[0] ?? null });
  const find = (id: unknown) => streams.find((s) => String(s.id) === String(id));
  const notFound = (id: unknown) =>
    HttpResponse.json({ message: `No stream ${String(id)}` }, { status: 404 });
  server.use(
    http.get('/api/data/v1/streams/connectors', () => HttpResponse.json(connectors)),
    http.get('/api/data/v1/accounts', () => HttpResponse.json(accounts)),
    http.get('/api/data/v1/data-files/:id/details', ({ params }) =>
      HttpResponse.json(aDataFile({ dataFileId: Number(params.id) })),
    ),
    http.get('/api/data/v1/streams', () => HttpResponse.json(streams.map(withLast))),
    http.get('/api/data/v1/streams/:id', ({ params }) => {
      const stream = find(params.id);
      return stream ? HttpResponse.json(withLast(stream)) : notFound(params.id);
    }),
    http.get('/api/data/v1/streams/:id/executions', ({ params }) =>
      HttpResponse.json(history.get(Number(params.id)) ?? []),
    ),
    http.get('/api/data/v1/streams/:id/executions/:executionId', ({ params }) => {
      const list = history.get(Number(params.id)) ?? [];
      const index = list.findIndex((e) => String(e.id) === params.executionId);
      const run = list[index];
      if (!run) return notFound(params.id);
      const seen = (reads.get(run.id) ?? 0) + 1;
      reads.set(run.id, seen);
      if (run.state === 'ACTIVE' && seen > pollsToFinish)
        list[index] = failRuns
          ? {
              ...run,
              state: 'ERROR',
              endedAt: new Date().toISOString(),
              errorMessage: 'CSV: the file is empty',
            }
          : {
              ...run,
              state: 'SUCCESS',
              endedAt: new Date().toISOString(),
              rowsInserted: rowsPerRun,
            };
      return HttpResponse.json(list[index]);
    }),
    http.post('/api/data/v1/streams/:id/executions', ({ params }) => {
      const stream = find(params.id);
      if (!stream) return notFound(params.id);
      const list = history.get(stream.id) ?? [];
      const run = aRun({
        id: nextId++,
        streamId: stream.id,
        state: 'ACTIVE',
        runNumber: list.length + 1,
        startedAt: new Date().toISOString(),
        endedAt: null,
        rowsInserted: 0,
      });
      history.set(stream.id, [run, ...list]);
      return HttpResponse.json(run, { status: 201 });
    }),
  );
  return { history };
}
