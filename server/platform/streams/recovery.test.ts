import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { streamExecution } from '../../../src/api/contract';
import { readConfig } from '../../config';
import { seedIfEmpty } from '../seed';
import { startEmbeddedPlatform } from '../server';
import { openStore } from '../store';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streams-recovery-'));
const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `t_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('an execution cut off by a crash', () => {
  it('is marked ERROR when the platform starts again, and the stream can run again', async () => {
    const db = await openStore({ dataDir, databaseUrl, schema });
    await seedIfEmpty(db);
    const [stream] = await db.query<{ id: number }>('SELECT id FROM streams ORDER BY id LIMIT 1');
    const [cut] = await db.query<{ id: number }>(
      `INSERT INTO stream_executions (stream_id, state, run_type, started_at) VALUES ($1, 'ACTIVE', 'MANUAL', now()) RETURNING id`,
      [stream!.id],
    );
    await db.close();

    const config = readConfig({
      DATA_DIR: dataDir,
      PLATFORM_DEVELOPER_TOKEN: 'recovery-token',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const platform = await startEmbeddedPlatform({ config, schema });
    try {
      const api = (pathname: string, init: RequestInit = {}) =>
        fetch(platform.url + pathname, {
          ...init,
          headers: { 'X-SERVICE-Developer-Token': 'recovery-token' },
        });
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
      if (schema) {
        const admin = await openStore({ dataDir, databaseUrl, schema });
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      }
    }
  });
});
