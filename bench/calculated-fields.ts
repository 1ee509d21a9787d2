import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BULK_LOCK_CONCURRENCY,
  searchCalculatedFields,
  setCalculatedFieldsLocked,
  type BulkField,
} from '../src/api/calculated-fields';
import { readConfig } from '../server/config';
import { seedIfEmpty } from '../server/platform/seed';
import { startEmbeddedPlatform } from '../server/platform/server';
import { openStore } from '../server/platform/store';
import { ms, type Bench, type BenchRow } from './lib';

/**
 * Bulk lock (and unlock) of 1,000 calculated fields through the console's own
 * code path (`setCalculatedFieldsLocked`: one PUT per field, a few in flight, every answer parsed
 * by the contract) against the embedded platform on PGlite. The console's same-origin paths are
 * sent to the platform with the developer token, as the gateway would.
 */
const FIELDS = 1_000;
const TOKEN = 'bench-token';

/** The sample fields, copied until there are {@link FIELDS} unlocked ones. */
async function prepare(dataDir: string) {
  const db = await openStore({ dataDir });
  try {
    await seedIfEmpty(db);
    await db.query('UPDATE calculated_fields SET locked = false');
    const [count] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM calculated_fields',
    );
    await db.query(
      `INSERT INTO calculated_fields (name, owner, locked, global, expression, check_sum, links, legacy_id,
         last_modified, created, aggregated, analytic, data_type, status, cache_window, column_positions,
         functions, archived, hidden, variable)
       SELECT f.name || ' #' || g, owner, false, global, expression, check_sum, links, legacy_id || '-' || g,
         last_modified, created, aggregated, analytic, data_type, status, cache_window, column_positions,
         functions, archived, hidden, variable
       FROM calculated_fields f, generate_series(1, $1::int) g`,
      [Math.ceil(FIELDS / Math.max(1, count?.n ?? 1))],
    );
  } finally {
    await db.close();
  }
}

function sendToPlatform(base: string) {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' && input.startsWith('/') ? base + input : input;
    const headers = new Headers(init?.headers);
    headers.set('X-SERVICE-Developer-Token', TOKEN);
    return original(url, { ...init, headers });
  };
  return () => {
    globalThis.fetch = original;
  };
}

const bench: Bench = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-calculated-fields-'));
  const config = readConfig({ DATA_DIR: dataDir, PLATFORM_DEVELOPER_TOKEN: TOKEN });
  await prepare(dataDir);
  const platform = await startEmbeddedPlatform({ config, seed: false });
  const restore = sendToPlatform(platform.url);
  const rows: BenchRow[] = [];
  try {
    const page = await searchCalculatedFields({ limit: FIELDS, offset: 0 });
    const fields: BulkField[] = page.results.map(({ id, name }) => ({ id, name }));
    if (fields.length < FIELDS) throw new Error(`only ${fields.length} fields to lock`);

    for (const locked of [true, false]) {
      const t = performance.now();
      const outcomes = await setCalculatedFieldsLocked(fields, locked);
      const took = performance.now() - t;
      const failed = outcomes.filter((o) => !o.ok).length;
      if (failed) throw new Error(`${failed} fields refused`);
      rows.push({
        group: 'calculated fields',
        metric: `bulk ${locked ? 'lock' : 'unlock'} of ${FIELDS.toLocaleString('en')} fields (console code path)`,
        value: ms(took),
        note: `${BULK_LOCK_CONCURRENCY} in flight; ${(took / FIELDS).toFixed(2)} ms per field`,
      });
    }
  } finally {
    restore();
    await platform.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
};

export default bench;
