import { afterAll, describe, expect, it } from 'vitest';
import { streamExecution } from '../../../src/api/contract';
import { seedIfEmpty } from '../seed';
import { startTestPlatform, testFolder } from '../testing';

const folder = testFolder('streams-recovery-', 'seeded');
afterAll(() => folder.remove());

describe('an execution cut off by a crash', () => {
  it('is marked ERROR when the platform starts again, and the stream can run again', async () => {
    const db = await folder.openStore();
    await seedIfEmpty(db);
    const [stream] = await db.query<{ id: number }>('SELECT id FROM streams ORDER BY id LIMIT 1');
    const [cut] = await db.query<{ id: number }>(
      `INSERT INTO stream_executions (stream_id, state, run_type, started_at) VALUES ($1, 'ACTIVE', 'MANUAL', now()) RETURNING id`,
      [stream!.id],
    );
    await db.close();

    const platform = await startTestPlatform({ folder });
    try {
      const api = platform.api;
      const execution = `/api/data/v1/streams/${stream!.id}/executions/${cut!.id}`;
      let seen = streamExecution.parse(await (await api(execution)).json());
      for (let i = 0; seen.state === 'ACTIVE' && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = streamExecution.parse(await (await api(execution)).json());
      }
      expect(seen).toMatchObject({
        state: 'ERROR',
        errorMessage: 'Interrupted: the platform stopped during the run',
      });
      expect(
        (await api(`/api/data/v1/streams/${stream!.id}/executions`, { method: 'POST' })).status,
      ).toBe(201);
    } finally {
      await platform.close();
    }
  });
});
