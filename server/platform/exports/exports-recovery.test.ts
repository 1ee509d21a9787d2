import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportHistory } from '../../../src/api/contract';
import { Jobs } from '../core/jobs';
import { JobQueue, LEASE_EXPIRED } from '../jobs/queue';
import { seedIfEmpty } from '../seed';
import { openTestStore, startTestPlatform, testFolder } from '../testing';

const folder = testFolder('exports-recovery-', 'seeded');
afterAll(() => folder.remove());

describe('an export cut off by a stop', () => {
  // Seeding a fresh store and starting the platform twice takes a while on a busy machine.
  it(
    'is failed with a reason when the platform starts again; nothing stays running, no partial file stays',
    { timeout: 120_000 },
    async () => {
      const db = await folder.openStore();
      await seedIfEmpty(db);
      const [dataset] = await db.query<{ id: string; data_version: number }>(
        'SELECT id, data_version FROM datasets WHERE row_count > 0 ORDER BY id LIMIT 1',
      );
      const exportId = randomUUID();
      await db.query(
        `INSERT INTO exports (export_id, dataset_id, bucket, path, compression, export_format, export_status, started, data_version, request_fingerprint)
       VALUES ($1, $2, 'cut', $2, 'none', 'csv', 'running', now(), $3, '{}')`,
        [exportId, dataset!.id, dataset!.data_version],
      );
      await db.query(
        `INSERT INTO jobs (id, kind, payload, status, lease_owner, lease_until, attempts)
       VALUES ($1, 'export', $2, 'running', 'a-process-that-died', now() - interval '1 second', 1)`,
        [
          exportId,
          JSON.stringify({
            exportId,
            datasetId: dataset!.id,
            columns: [],
            includeBOM: false,
            target: 'local',
          }),
        ],
      );
      // What the killed process had written so far.
      const exportFolder = path.join(folder.dataDir, 'buckets', 'cut', dataset!.id, exportId);
      const partial = path.join(exportFolder, 'export', 'data.csv.partial');
      fs.mkdirSync(path.dirname(partial), { recursive: true });
      fs.writeFileSync(partial, 'id,name\r\n1,half a ro');
      await db.close();

      const platform = await startTestPlatform({ folder });
      try {
        const url = `${platform.url}/api/query/v1/export/${dataset!.id}`;
        const headers = { 'X-SERVICE-Developer-Token': platform.tokens.developer };
        let record = exportHistory.parse(await (await fetch(url, { headers })).json())[0]!;
        for (let i = 0; record.exportStatus === 'running' && i < 100; i++) {
          await new Promise((r) => setTimeout(r, 50));
          record = exportHistory.parse(await (await fetch(url, { headers })).json())[0]!;
        }
        expect(record).toMatchObject({
          exportId,
          exportStatus: 'failed',
          errorCode: 'EXPORT_FAILED',
          message: LEASE_EXPIRED,
        });
        // Its partial file went with it (issue 23), and the folders made for it.
        expect(fs.existsSync(partial)).toBe(false);
        expect(fs.existsSync(exportFolder)).toBe(false);
        // The dataset can be exported again.
        const again = await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ bucket: 'cut' }),
        });
        expect(again.status).toBe(200);
        expect(((await again.json()) as { exportId: string }).exportId).not.toBe(exportId);
      } finally {
        await platform.close();
      }
    },
  );
});

describe('the job table', () => {
  it('two workers claiming at once run each job exactly once', async () => {
    const db = await openTestStore('jobs-');
    const jobsA = new Jobs(() => undefined);
    const jobsB = new Jobs(() => undefined);
    const a = new JobQueue(db, jobsA, 30, () => undefined);
    const b = new JobQueue(db, jobsB, 30, () => undefined);
    const ran: string[] = [];
    for (const q of [a, b])
      q.register('count', { run: (job) => Promise.resolve(void ran.push(job.id)) });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(await db.transaction((tx) => a.enqueue(tx, 'count', { i })));
    await db.query(`UPDATE jobs SET created_at = now() - interval '1 minute'`);
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect([...ran].sort()).toEqual([...ids].sort());
    const states = await db.query<{ status: string }>('SELECT DISTINCT status FROM jobs');
    expect(states).toEqual([{ status: 'succeeded' }]);
    await jobsA.stop();
    await jobsB.stop();
    await db.close();
  });
});
