import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../server/config';
import { sampleFilesetFiles } from '../server/platform/seed/filesets';
import { seededRandom } from '../server/platform/testing/filesets';
import { sha256Hex } from '../server/platform/seed/ids';
import { startEmbeddedPlatform } from '../server/platform/server';
import { openStore, type Db } from '../server/platform/store';
import { latencies, median, ms, percentile, type Bench, type BenchRow } from './lib';

/**
 * Query Files (4.7) over a fileset of 10,000 text files (~50 MB), p50 and
 * p99 per kind of query (target p50 ≤ 50 ms). The files are made of the sample files' words drawn
 * with a Zipf law, as prose is; embedded platform on PGlite (or DATABASE_URL), temporary DATA_DIR.
 * PGlite's shared buffers follow PGLITE_SHARED_BUFFERS_MB: try 128 beside the default 16.
 */
const FILES = 10_000;
const WORDS_PER_FILE = 820; // ~5 KB of text each
const BATCH = 250;

/** The sample files' words, most frequent first. */
export function vocabulary() {
  const counts = new Map<string, number>();
  for (const file of sampleFilesetFiles())
    for (const word of file.body
      .toString('utf8')
      .toLowerCase()
      .match(/[a-z]{3,}/g) ?? [])
      counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
}

function makeText(words: string[], next: () => number) {
  // Zipf: the word of rank r comes with probability ∝ 1/r (inverse CDF of a harmonic sample).
  const n = words.length;
  const out: string[] = [];
  for (let i = 0; i < WORDS_PER_FILE; i++) {
    const r = Math.min(n - 1, Math.floor(Math.exp(next() * Math.log(n + 1))) - 1);
    out.push(words[Math.max(0, r)]!);
    if (i % 14 === 13) out.push('.\n');
  }
  return out.join(' ');
}

/** A fileset of FILES files of ~5 KB, through SQL in batches. */
export async function fillFileset(db: Db, filesetId: string, words: string[]): Promise<BenchRow> {
  await db.query(
    `INSERT INTO filesets (id, name, description, owner, created_by, created, updated)
     VALUES ($1, 'Bench', '10,000 files', 1, 1, now(), now())`,
    [filesetId],
  );
  const next = seededRandom(11);
  const dirs = ['reports', 'manuals', 'runbooks', 'policies', 'notes'];
  let bytes = 0;
  const fill = performance.now();
  for (let from = 0; from < FILES; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, FILES - from) }, (_, k) => {
      const i = from + k;
      const text = makeText(words, next);
      bytes += Buffer.byteLength(text);
      return {
        id: `bench-${i}`,
        path: `${dirs[i % dirs.length]}/${Math.floor(i / 100)}/file-${i}.md`,
        text,
      };
    });
    await db.query(
      `INSERT INTO fileset_files (id, fileset_id, path, name, file_type, content_type, size, hash, created,
         created_by, body, text_content)
       SELECT id, $1, path, split_part(path, '/', 3), 'FILE', 'text/markdown', octet_length(text), hash, now(),
         1, convert_to(text, 'UTF8'), text
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS t(id, path, text, hash)`,
      [
        filesetId,
        batch.map((f) => f.id),
        batch.map((f) => f.path),
        batch.map((f) => f.text),
        batch.map((f) => sha256Hex(f.text)),
      ],
    );
  }
  await db.query('ANALYZE fileset_files');
  await db.query('ANALYZE fileset_search_terms');
  return {
    group: 'filesets',
    metric: `fill a fileset of ${FILES.toLocaleString('en')} files (SQL batches)`,
    value: ms(performance.now() - fill),
    note: `${(bytes / 1e6).toFixed(1)} MB of text; search vector (in the row) and GIN index built on insert`,
  };
}

const bench: Bench = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-filesets-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    PLATFORM_DEVELOPER_TOKEN: 'bench-token',
    DATABASE_URL: process.env.DATABASE_URL,
    PGLITE_SHARED_BUFFERS_MB: process.env.PGLITE_SHARED_BUFFERS_MB,
  });
  const schema = config.databaseUrl ? `bench_filesets_${process.pid}` : undefined;
  const rows: BenchRow[] = [];
  const filesetId = 'bench-fileset';
  const words = vocabulary();
  // The files go in through SQL, before the platform starts on the same store (10,000 uploads
  // would measure HTTP, not search).
  const db = await openStore({
    dataDir,
    databaseUrl: config.databaseUrl,
    schema,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  try {
    rows.push(await fillFileset(db, filesetId, words));
  } finally {
    await db.close();
  }
  const platform = await startEmbeddedPlatform({ config, seed: false, schema });
  const store = config.databaseUrl
    ? 'PostgreSQL'
    : `PGlite, ${config.pgliteSharedBuffersMb} MB of shared buffers (PGLITE_SHARED_BUFFERS_MB)`;
  try {
    const query = async (body: Record<string, unknown>) => {
      const res = await fetch(`${platform.url}/api/files/v1/filesets/${filesetId}/query`, {
        method: 'POST',
        headers: { 'X-SERVICE-Developer-Token': 'bench-token', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`query: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { matches: unknown[] }).matches.length;
    };
    const at = (rank: number) => words[Math.min(words.length - 1, rank)]!;
    const kinds: Array<[string, (i: number) => Record<string, unknown>]> = [
      ['rare word (rank 1000+)', (i) => ({ query: at(1000 + i * 7) })],
      ['mid word (rank 100-300)', (i) => ({ query: at(100 + (i % 200)) })],
      ['two words', (i) => ({ query: `${at(60 + (i % 50))} ${at(400 + i)}` })],
      ['common word (rank 10-30), topK 10', (i) => ({ query: at(10 + (i % 20)) })],
      ['common word, topK 100', (i) => ({ query: at(10 + (i % 20)), topK: 100 })],
      [
        'mid word in one directory',
        (i) => ({ query: at(100 + (i % 200)), directoryPath: 'reports' }),
      ],
    ];
    for (const [label, body] of kinds) {
      await query(body(0)); // warm
      let i = 0;
      const found: number[] = [];
      const times = await latencies(60, 1, async () => found.push(await query(body(i++))));
      rows.push({
        group: 'filesets',
        metric: `Query Files: ${label}`,
        value: `p50 ${ms(median(times))}, p99 ${ms(percentile(times, 99))}`,
        note: `target p50 ≤ 50 ms; ${median(found)} matches (median); ${store}`,
      });
    }
  } finally {
    await platform.close();
    if (schema) {
      const cleanup = await openStore({ dataDir, databaseUrl: config.databaseUrl, schema });
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
};
export default bench;
