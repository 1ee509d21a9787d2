import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../core/jobs';
import { openStore, type Db } from '../store';
import { JobQueue } from './queue';
import { Signals } from './signals';

/**
 * On PostgreSQL, a job queued by one process is claimed by another at once: the
 * enqueueing transaction NOTIFYs on commit and every process LISTENs (jobs/signals.ts). Two
 * queues with connections of their own stand for two processes; neither drains on a timer.
 */
const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('work queued by one process, claimed by another through NOTIFY', () => {
  const schema = `n_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notify-'));
  let db: Db;
  let signals: Signals[] = [];
  const jobs = [new Jobs(() => undefined), new Jobs(() => undefined)];

  beforeAll(async () => {
    db = await openStore({ dataDir: dir, databaseUrl, schema });
    signals = await Promise.all([0, 1].map(() => Signals.open(databaseUrl, schema)));
  });
  afterAll(async () => {
    for (const j of jobs) await j.stop();
    for (const s of signals) await s.close();
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a second process claims a shared job within moments of its commit', async () => {
    const first = new JobQueue(db, jobs[0]!, 30, () => undefined, signals[0]);
    const second = new JobQueue(db, jobs[1]!, 30, () => undefined, signals[1]);
    // The first process runs no job of this kind (its slots are full); the second may.
    first.register('shared-work', { run: () => Promise.resolve(), shared: true, concurrency: 0 });
    let ranAt = 0;
    second.register('shared-work', {
      run: () => Promise.resolve(void (ranAt = Date.now())),
      shared: true,
    });
    const queuedAt = Date.now();
    const id = await db.transaction((tx) => first.enqueue(tx, 'shared-work', {}));
    const deadline = Date.now() + 5_000;
    while (!ranAt && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(ranAt, 'the second process never claimed the job').toBeGreaterThan(0);
    expect(ranAt - queuedAt).toBeLessThan(1_000);
    const [row] = await db.query<{ status: string; lease_owner: string | null }>(
      'SELECT status, lease_owner FROM jobs WHERE id = $1',
      [id],
    );
    expect(row?.status).toBe('succeeded');
  });

  it('a job only the queuing process may run is left to it (others wait for the fallback)', async () => {
    const first = new JobQueue(db, jobs[0]!, 30, () => undefined, signals[0]);
    const second = new JobQueue(db, jobs[1]!, 30, () => undefined, signals[1]);
    const ran: string[] = [];
    first.register('local-work', { run: () => Promise.resolve(void ran.push('first')) });
    second.register('local-work', { run: () => Promise.resolve(void ran.push('second')) });
    const id = await db.transaction((tx) => first.enqueue(tx, 'local-work', {}));
    first.start(id);
    const deadline = Date.now() + 5_000;
    while (!ran.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toEqual(['first']);
  });
});
