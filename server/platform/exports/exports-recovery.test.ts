import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportDetails } from '../../../src/api/contract';
import { Jobs } from '../core/jobs';
import { JobQueue, attemptsSpent } from '../jobs/queue';
import { seedIfEmpty } from '../seed';
import { openTestStore, startTestPlatform, testFolder, type TestPlatform } from '../testing';
import { EXPORT_MAX_ATTEMPTS } from './run-export';

const folder = testFolder('exports-recovery-', 'seeded');
afterAll(() => folder.remove());

/**
 * What a process that died mid-export leaves: its export running, its job running under a lease
 * that has run out after `attempts` runs, and half a file. Answers the dataset and the export.
 */
async function abandonExport(attempts: number) {
  const db = await folder.openStore();
  try {
    await seedIfEmpty(db);
    const [dataset] = await db.query<{
      id: string;
      data_version: number;
      row_count: number;
      columns: Array<{ name: string }>;
    }>(
      `SELECT id, data_version, row_count, columns FROM datasets d WHERE row_count > 0
         AND NOT EXISTS (SELECT 1 FROM exports e WHERE e.dataset_id = d.id AND e.export_status = 'running')
       ORDER BY id LIMIT 1`,
    );
    const exportId = randomUUID();
    await db.query(
      `INSERT INTO exports (export_id, dataset_id, bucket, path, compression, export_format, export_status, started, data_version, request_fingerprint)
       VALUES ($1, $2, 'cut', $2, 'none', 'csv', 'running', now(), $3, '{}')`,
      [exportId, dataset!.id, dataset!.data_version],
    );
    await db.query(
      `INSERT INTO jobs (id, kind, payload, status, lease_owner, lease_until, attempts)
       VALUES ($1, 'export', $2, 'running', 'a-process-that-died', now() - interval '1 second', $3)`,
      [
        exportId,
        JSON.stringify({
          exportId,
          datasetId: dataset!.id,
          columns: dataset!.columns.map((c) => c.name),
          includeBOM: false,
          target: 'local',
          userId: 1,
        }),
        attempts,
      ],
    );
    // What the killed process had written so far.
    const exportFolder = path.join(folder.dataDir, 'buckets', 'cut', dataset!.id, exportId);
    const partial = path.join(exportFolder, 'export', 'data.csv.partial');
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    fs.writeFileSync(partial, 'id,name\r\n1,half a ro');
    return { dataset: dataset!, exportId, exportFolder, partial };
  } finally {
    await db.close();
  }
}

/** The export's page once it has ended. */
async function ended(platform: TestPlatform, exportId: string) {
  let details = exportDetails.parse(
    await (await platform.api(`/api/query/v1/exports/${exportId}`)).json(),
  );
  for (let i = 0; details.record.exportStatus === 'running' && i < 300; i++) {
    await new Promise((r) => setTimeout(r, 100));
    details = exportDetails.parse(
      await (await platform.api(`/api/query/v1/exports/${exportId}`)).json(),
    );
  }
  return details;
}

describe('an export cut off by a stop', () => {
  // Seeding a fresh store and starting the platform twice takes a while on a busy machine.
  it(
    'runs again from the start when the platform starts again: the whole file replaces the half one',
    { timeout: 120_000 },
    async () => {
      const { dataset, exportId, partial } = await abandonExport(1);
      const platform = await startTestPlatform({ folder });
      try {
        const details = await ended(platform, exportId);
        expect(details.record).toMatchObject({ exportId, exportStatus: 'success' });
        expect({ attempt: details.attempt, maxAttempts: details.maxAttempts }).toEqual({
          attempt: 2,
          maxAttempts: EXPORT_MAX_ATTEMPTS,
        });
        expect(fs.existsSync(partial)).toBe(false);
        const file = await platform.api(`/api/query/v1/exports/${exportId}/files/0`);
        expect(file.status).toBe(200);
        const lines = (await file.text()).trimEnd().split('\r\n');
        expect(lines).toHaveLength(dataset.row_count + 1);
        expect(lines[0]).toBe(dataset.columns.map((c) => c.name).join(','));
        const [job] = await platform.db.query<{ status: string; attempts: number }>(
          'SELECT status, attempts FROM jobs WHERE id = $1',
          [exportId],
        );
        expect(job).toEqual({ status: 'succeeded', attempts: 2 });
      } finally {
        await platform.close();
      }
    },
  );

  it(
    'is failed, saying its attempts are spent, when its last attempt was cut off too; no partial file stays',
    { timeout: 120_000 },
    async () => {
      const { dataset, exportId, exportFolder, partial } = await abandonExport(EXPORT_MAX_ATTEMPTS);
      const platform = await startTestPlatform({ folder });
      try {
        const url = `${platform.url}/api/query/v1/export/${dataset.id}`;
        const headers = { 'X-SERVICE-Developer-Token': platform.tokens.developer };
        const details = await ended(platform, exportId);
        expect(details.record).toMatchObject({
          exportId,
          exportStatus: 'failed',
          errorCode: 'EXPORT_FAILED',
          message: attemptsSpent(EXPORT_MAX_ATTEMPTS),
        });
        expect(details.attempt).toBe(EXPORT_MAX_ATTEMPTS);
        // Its partial file went with it, and the folders made for it.
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
