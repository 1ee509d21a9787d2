import { exportDetails, exportRecord, stream, streamExecution } from '../src/api/contract';
import { readEvents } from '../server/platform/live/read-sse';
import type { PlatformProcess } from './process';
import { dataFileStream, median, ms, type BenchRow } from './lib';

const COUNT = 20;
const ROWS = 2_000;

/**
 * 20 stream runs, then 20 exports, started together, each followed by its live read
 * as its page follows it on the embedded platform: start (the POST's answer) p50, first progress
 * (rows read, or the end, seen live; an export tells no count while it runs, so its end) p50,
 * and the time until all have ended.
 */
export async function batchRows(
  platform: Pick<PlatformProcess, 'tokens' | 'api'>,
  store: string,
): Promise<BenchRow[]> {
  const dev = { 'X-SERVICE-Developer-Token': platform.tokens.developer };
  const json = async (res: Response) => {
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const csv = `id,name,amount\n${Array.from({ length: ROWS }, (_, i) => `${i},"name, ${i}",${i * 3}`).join('\n')}\n`;
  const streams = await Promise.all(
    Array.from({ length: COUNT }, async (_, i) => {
      const file = (await json(
        await platform.api(`/api/data/v1/data-files?name=batch-${i}.csv`, {
          method: 'POST',
          body: csv,
          headers: { ...dev, 'content-type': 'text/csv' },
        }),
      )) as { dataFileId: number };
      return stream.parse(
        await json(
          await platform.api('/api/data/v1/streams', {
            method: 'POST',
            json: dataFileStream(file.dataFileId, `batch ${i}`),
          }),
        ),
      );
    }),
  );

  const follow = async (
    start: () => Promise<string>,
    live: (id: string) => string,
    progressed: (event: { event: string; data: string }) => boolean,
  ) => {
    const t = performance.now();
    const id = await start();
    const started = performance.now() - t;
    let first: number | undefined;
    await readEvents(
      await platform.api(live(id)),
      undefined,
      120_000,
      (e) => void (first ??= progressed(e) ? performance.now() - t : undefined),
    );
    return { started, first: first ?? performance.now() - t, id };
  };
  const summary = (
    what: string,
    results: Array<{ started: number; first: number }>,
    s: number,
  ) => ({
    group: 'workflows',
    metric: `${COUNT} ${what} started together: start p50; first progress p50; all done`,
    value: `${ms(median(results.map((r) => r.started)))}; ${ms(median(results.map((r) => r.first)))}; ${s.toFixed(2)} s`,
    note: `${store}; ${ROWS} rows each; followed by the live read`,
  });

  let t0 = performance.now();
  const runs = await Promise.all(
    streams.map((s) =>
      follow(
        async () =>
          String(
            streamExecution.parse(
              await json(
                await platform.api(`/api/data/v1/streams/${s.id}/executions`, {
                  method: 'POST',
                  json: { runType: 'MANUAL' },
                }),
              ),
            ).id,
          ),
        (id) => `/api/data/v1/streams/${s.id}/executions/${id}/live`,
        (e) => {
          const x = streamExecution.parse(JSON.parse(e.data));
          return (x.rowsRead ?? 0) > 0 || x.state !== 'ACTIVE';
        },
      ),
    ),
  );
  const streamSeconds = (performance.now() - t0) / 1000;

  t0 = performance.now();
  const exports = await Promise.all(
    streams.map((s) =>
      follow(
        async () =>
          exportRecord.parse(
            await json(
              await platform.api(`/api/query/v1/export/${s.dataSource.id}`, {
                method: 'POST',
                json: { bucket: 'batch', queryRequest: { useCache: false } },
              }),
            ),
          ).exportId,
        (id) => `/api/query/v1/exports/${id}/live`,
        (e) => exportDetails.parse(JSON.parse(e.data)).record.exportStatus !== 'running',
      ),
    ),
  );
  const exportSeconds = (performance.now() - t0) / 1000;
  return [
    summary('stream runs (data-file, REPLACE)', runs, streamSeconds),
    summary('exports (local CSV)', exports, exportSeconds),
  ];
}
