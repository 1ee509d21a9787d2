import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRecord, exportsAcross, exportsChanged } from '../../../src/api/contract';
import { sampleUsers } from '../testing/users';
import { liveLimits } from '../live/sse';
import { readEvents, type SseEvent } from '../live/read-sse';
import { SALES_DATASET_ID } from '../seed/datasets';
import { EXPORT_MAX_ATTEMPTS } from './run-export';
import { startTestPlatform, type TestPlatform } from '../testing';

/**
 * The export dashboard's live read (`GET /api/query/v1/exports/live`) tells a change
 * of the list as it happens, woken by the change itself: the timed re-read is set far beyond the
 * test, so only the wakes can explain an event.
 */
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
const saved = { ...liveLimits };
beforeAll(async () => {
  liveLimits.rereadMs = 120_000;
  platform = await startTestPlatform({ jobDrainMs: 500 });
  as = await sampleUsers(platform);
});
afterAll(async () => {
  Object.assign(liveLimits, saved);
  await platform?.close();
});

/** Opens the live read as `who` and collects its events until `stop`. */
async function follow(who: 'ada' | 'ben' | 'dev') {
  const abort = new AbortController();
  const response = await as(who, '/api/query/v1/exports/live', { signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: SseEvent[] = [];
  let stopped = false;
  const done = readEvents(
    response,
    () => stopped,
    60_000,
    (e) => events.push(e),
  );
  const next = async (count: number, within: number) => {
    const t0 = Date.now();
    while (events.length < count && Date.now() - t0 < within)
      await new Promise((r) => setTimeout(r, 10));
    return events.length >= count;
  };
  return {
    events,
    next,
    stop: async () => {
      stopped = true;
      abort.abort();
      await done.catch(() => undefined);
    },
  };
}

const versions = (events: SseEvent[]) =>
  events.map((e) => {
    expect(e.event).toBe('changed');
    const { version } = exportsChanged.parse(JSON.parse(e.data));
    expect(e.id).toBe(version);
    return version;
  });

async function listed(who: 'ada' | 'ben' | 'dev', exportId: string) {
  const res = await as(who, '/api/query/v1/exports');
  expect(res.status).toBe(200);
  return exportsAcross.parse(await res.json()).exports.find((e) => e.record.exportId === exportId);
}

describe('the export list’s live read (GET /api/query/v1/exports/live)', () => {
  it('tells at once that an export started and that it ended; never a change of what the user may not read', async () => {
    const admin = await follow('ada');
    const ben = await follow('ben');
    const dev = await follow('dev');
    // Each says where its list stands at once.
    for (const s of [admin, ben, dev]) expect(await s.next(1, 2_000)).toBe(true);
    const devFirst = versions(dev.events);

    const t0 = Date.now();
    const res = await platform.api(`/api/query/v1/export/${SALES_DATASET_ID}`, {
      method: 'POST',
      json: { bucket: 'live', queryRequest: { useCache: false } },
    });
    expect(res.status).toBe(200);
    const { exportId } = exportRecord.parse(await res.json());
    // Ben may read Sales: his stream tells him within a second, without a poll.
    expect(await ben.next(2, 1_000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1_000);
    // The export ends: the last version told is the list with it ended.
    const ended = async () => (await listed('ben', exportId))?.record.exportStatus === 'success';
    const t1 = Date.now();
    while (!(await ended()) && Date.now() - t1 < 10_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(await ended()).toBe(true);
    const shownAt = ben.events.length;
    await new Promise((r) => setTimeout(r, 300));
    // Whether told with its start or on its own, the version now told is the ended list's.
    const latest = versions(ben.events).at(-1)!;
    const again = await follow('ben');
    expect(await again.next(1, 2_000)).toBe(true);
    expect(versions(again.events)[0]).toBe(latest);
    expect(ben.events.length).toBe(shownAt);
    await again.stop();
    expect(versions(admin.events).length).toBeGreaterThanOrEqual(2);

    // Dev (Participant) may not read Sales: nothing was told, and the list has none of it.
    expect(versions(dev.events)).toEqual(devFirst);
    expect(await listed('dev', exportId)).toBeUndefined();
    for (const s of [admin, ben, dev]) await s.stop();
  });

  it('tells the end of an export that was running when the stream opened', async () => {
    // An export whose process died on its last attempt: its lease runs out in a second, and the
    // next drain fails it (its job's end is all that wakes the stream).
    const exportId = randomUUID();
    await platform.db.query(
      `INSERT INTO exports (export_id, dataset_id, bucket, path, compression, export_format, export_status, started, data_version, request_fingerprint)
       VALUES ($1, $2, 'cut', $2, 'none', 'csv', 'running', now(), 1, '{}')`,
      [exportId, SALES_DATASET_ID],
    );
    await platform.db.query(
      `INSERT INTO jobs (id, kind, payload, status, lease_owner, lease_until, attempts)
       VALUES ($1, 'export', $2, 'running', 'a-process-that-died', now() + interval '1 second', $3)`,
      [
        exportId,
        JSON.stringify({
          exportId,
          datasetId: SALES_DATASET_ID,
          columns: [],
          includeBOM: false,
          target: 'local',
        }),
        EXPORT_MAX_ATTEMPTS,
      ],
    );
    const stream = await follow('ben');
    expect(await stream.next(1, 2_000)).toBe(true);
    expect((await listed('ben', exportId))?.record.exportStatus).toBe('running');
    expect(await stream.next(2, 5_000)).toBe(true);
    expect((await listed('ben', exportId))?.record.exportStatus).toBe('failed');
    const fresh = await follow('ben');
    expect(await fresh.next(1, 2_000)).toBe(true);
    expect(versions(stream.events).at(-1)).toBe(versions(fresh.events)[0]);
    await fresh.stop();
    await stream.stop();
  });

  it('answers 401 without a token', async () => {
    const res = await fetch(`${platform.url}/api/query/v1/exports/live`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});
