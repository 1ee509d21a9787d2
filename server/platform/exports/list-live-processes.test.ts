import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRecord, exportsAcross, exportsChanged } from '../../../src/api/contract';
import {
  startChild,
  startTwoProcesses,
  until,
  type Child,
  type TwoProcesses,
} from '../testing/processes';
import { readEvents, type SseEvent } from '../live/read-sse';
import { SALES_DATASET_ID } from '../seed/datasets';

/**
 * On two processes of one PostgreSQL: the dashboard's live read on one process is
 * told of an export started on the other by NOTIFY, well before its timed re-read (10 s).
 */
const databaseUrl = process.env.DATABASE_URL;
/** `until`'s probe of something already in memory. */
const once = (ok: () => boolean) => () => Promise.resolve(ok() ? true : undefined);
const sharedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-live-shared-'));

describe.runIf(databaseUrl)('the export list’s live read across processes', () => {
  let two: TwoProcesses<Child> | undefined;
  beforeAll(async () => {
    two = await startTwoProcesses(databaseUrl!, 'exportslive', (url) =>
      startChild(url, { DATA_DIR: sharedDataDir }),
    );
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    fs.rmSync(sharedDataDir, { recursive: true, force: true });
  }, 60_000);

  async function follow(child: Child) {
    const abort = new AbortController();
    const res = await child.platform.api('/api/query/v1/exports/live', { signal: abort.signal });
    expect(res.status).toBe(200);
    const events: SseEvent[] = [];
    const done = readEvents(
      res,
      () => false,
      60_000,
      (e) => events.push(e),
    );
    const version = (i: number) => exportsChanged.parse(JSON.parse(events[i]!.data)).version;
    const stop = async () => {
      abort.abort();
      await done.catch(() => undefined);
    };
    return { events, version, stop };
  }

  it('tells a stream on one process of an export started and ended on the other', async () => {
    const { a, b } = two!;
    const onA = await follow(a);
    await until(
      'the first version',
      5_000,
      once(() => onA.events.length > 0),
    );

    const t0 = Date.now();
    const res = await b.platform.api(`/api/query/v1/export/${SALES_DATASET_ID}`, {
      method: 'POST',
      json: { bucket: 'two', queryRequest: { useCache: false } },
    });
    expect(res.status).toBe(200);
    const { exportId } = exportRecord.parse(await res.json());
    await until(
      'an event on A',
      1_500,
      once(() => onA.events.length > 1),
    );
    expect(Date.now() - t0).toBeLessThan(1_500);

    // Once it has ended on B, A's last version is the one a new stream starts with.
    await until('the export ended', 20_000, async () => {
      const list = exportsAcross.parse(
        await (await a.platform.api('/api/query/v1/exports')).json(),
      );
      const found = list.exports.find((e) => e.record.exportId === exportId);
      return found?.record.exportStatus === 'success' ? true : undefined;
    });
    const ended = Date.now();
    const fresh = await follow(a);
    await until(
      'the first version',
      5_000,
      once(() => fresh.events.length > 0),
    );
    await until(
      'A told of the end',
      1_500,
      once(() => onA.version(onA.events.length - 1) === fresh.version(0)),
    );
    expect(Date.now() - ended).toBeLessThan(2_500);
    await fresh.stop();
    await onA.stop();
  }, 60_000);
});
