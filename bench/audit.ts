import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../server/config';
import { startEmbeddedPlatform } from '../server/platform/server';
import { median, ms, percentile, type Bench, type BenchRow } from './lib';

/**
 * Filtered reads of the activity log over 1,000,000 events (AUDIT_BENCH_EVENTS), through
 * `GET /api/audit/v1/events` on the embedded platform (PGlite), each filter read READS times with
 * varied values; aim p50 ≤ 50 ms for each.
 */
const EVENTS = Number(process.env.AUDIT_BENCH_EVENTS) || 1_000_000;
const READS = 40;
const AIM_MS = 50;
const CHUNK = 100_000;
const OBJECTS = 50_000;
const WORDS = ['north', 'south', 'orders', 'revenue', 'traffic', 'support', 'finance', 'weekly'];
const ACTIONS = [
  'dataset.shared',
  'certified',
  'export.started',
  'stream.run',
  'documents.created',
];
const TYPES = ['dataset', 'collection', 'stream', 'workflow', 'token'];

async function fill(db: { query: (sql: string, params?: unknown[]) => Promise<unknown[]> }) {
  // Indexes are built once after the rows are in (as a restore would), not row by row.
  const defs = (await db.query(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE tablename = 'audit_events' AND indexname <> 'audit_events_pkey'`,
  )) as Array<{ indexname: string; indexdef: string }>;
  for (const d of defs) await db.query(`DROP INDEX ${d.indexname}`);
  for (let start = 0; start < EVENTS; start += CHUNK) {
    await db.query(
      `INSERT INTO audit_events (occurred_at, actor_id, actor_name, token_kind, action, object_type,
         object_id, object_name, changes, trace_id, client_address)
       SELECT now() - (n * (365 * 86400.0 / $2)) * interval '1 second',
         1 + n % 200, 'User ' || (1 + n % 200), 'developer',
         ($3::text[])[1 + n % 5], ($4::text[])[1 + (n / 7) % 5], 'obj-' || (n % $5),
         initcap(($6::text[])[1 + n % 8]) || ' ' || (n % $5) || ' ' || ($6::text[])[1 + (n / 8) % 8],
         jsonb_build_object('state', jsonb_build_object('before', 'a', 'after', 'b')),
         md5(n::text), '10.0.0.' || (n % 250)
       FROM generate_series($1::int, $1::int + $7::int - 1) AS n`,
      [start, EVENTS, ACTIONS, TYPES, OBJECTS, WORDS, Math.min(CHUNK, EVENTS - start)],
    );
  }
  for (const d of defs) await db.query(d.indexdef);
  await db.query('ANALYZE audit_events');
}

const audit: Bench = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  const token = 'bench-audit-token';
  const platform = await startEmbeddedPlatform({
    config: readConfig({ DATA_DIR: dataDir, PLATFORM_DEVELOPER_TOKEN: token, DATABASE_URL: '' }),
  });
  try {
    const t0 = performance.now();
    await fill(platform.db);
    const filled = performance.now() - t0;
    const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;
    const day = 86_400_000;
    const filters: Array<[string, (i: number) => Record<string, string>]> = [
      ['newest page', () => ({})],
      [
        'by object',
        (i) => ({ objectType: pick(TYPES, i * 7), objectId: `obj-${(i * 7919) % OBJECTS}` }),
      ],
      ['by actor', (i) => ({ actor: String(1 + ((i * 37) % 200)) })],
      ['by action', (i) => ({ action: pick(ACTIONS, i) })],
      ['by text', (i) => ({ q: `${pick(WORDS, i)} ${(i * 7919) % OBJECTS}` })],
      ['by common word', (i) => ({ q: pick(WORDS, i) })],
      [
        'action in a week',
        (i) => ({
          action: pick(ACTIONS, i),
          from: new Date(Date.now() - (i % 50) * 7 * day - 7 * day).toISOString(),
          to: new Date(Date.now() - (i % 50) * 7 * day).toISOString(),
        }),
      ],
    ];
    const rows: BenchRow[] = [
      {
        group: 'audit',
        metric: `events written for the bench`,
        value: EVENTS.toLocaleString('en'),
        note: `filled and indexed in ${(filled / 1000).toFixed(1)} s`,
      },
    ];
    const get = async (params: Record<string, string>) => {
      const t = performance.now();
      const res = await fetch(
        `${platform.url}/api/audit/v1/events?${new URLSearchParams({ limit: '50', ...params })}`,
        {
          headers: { 'X-SERVICE-Developer-Token': token },
        },
      );
      const body = (await res.json()) as { events: unknown[]; next: string | null };
      if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      return { took: performance.now() - t, body };
    };
    for (const [name, params] of filters) {
      await get(params(0));
      const times: number[] = [];
      for (let i = 1; i <= READS; i++) times.push((await get(params(i))).took);
      const p50 = median(times);
      rows.push({
        group: 'audit',
        metric: `filtered read: ${name} (p50 / p95)`,
        value: `${ms(p50)} / ${ms(percentile(times, 95))}`,
        note: `${READS} reads of 50 events, 1 at a time, over HTTP`,
        ...(p50 > AIM_MS && { failure: `p50 ${ms(p50)} is above ${AIM_MS} ms` }),
      });
    }
    // Deep pages: the keyset continues from the 20th page as fast as from the first.
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) cursor = (await get(cursor ? { cursor } : {})).body.next;
    const deep: number[] = [];
    for (let i = 0; i < READS; i++) deep.push((await get({ cursor: cursor! })).took);
    rows.push({
      group: 'audit',
      metric: 'filtered read: 21st page by cursor (p50)',
      value: ms(median(deep)),
      ...(median(deep) > AIM_MS && { failure: `p50 above ${AIM_MS} ms` }),
    });
    return rows;
  } finally {
    await platform.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

export default audit;
