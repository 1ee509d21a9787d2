import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from './postgres';
import { inBackground } from './priority';

const url = process.env.DATABASE_URL;

/**
 * A hundred workflow steps at once must not make a request wait. On PostgreSQL,
 * background work (core/jobs.ts) uses at most some of the pool's connections; PGlite's own
 * order is tested in pglite.test.ts.
 */
describe.skipIf(!url)('background work on PostgreSQL', () => {
  const close: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of close.splice(0)) await c();
  });

  it('leaves a connection free for a request while background work fills the pool', async () => {
    const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const db = await openPostgres(url!, schema);
    close.push(async () => {
      await db.query(`DROP SCHEMA "${schema}" CASCADE`);
      await db.close();
    });
    await db.query('SELECT 1');
    const ended: string[] = [];
    // Thirty steps at once, 200 ms each: three times the pool.
    const steps = Array.from({ length: 30 }, (_, i) =>
      inBackground(() =>
        db
          .transaction((tx) => tx.query('SELECT pg_sleep(0.2)'))
          .then(() => ended.push(`step ${i}`)),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.query('SELECT 1').then(() => ended.push('request'));
    // Queued for a connection it would wait for the first ten steps (200 ms).
    expect(ended).toEqual(['request']);
    await Promise.all(steps);
    expect(ended).toHaveLength(31);
  });
});
