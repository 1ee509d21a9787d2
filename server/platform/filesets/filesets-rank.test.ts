import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileQueryResult } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { insertTextFiles, rankedByWholeVectors, seededRandom } from '../testing/filesets';

/**
 * Query Files ranks from the pieces of the files' search vectors (migration 191) when a query's
 * words fall in one piece. Its order and scores must be those of `ts_rank` over the whole
 * vectors, for every shape of query.
 */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const WORDS = [
  'invoice',
  'ledger',
  'outage',
  'rollback',
  'latency',
  'customer',
  'payment',
  'refund',
  'deploy',
  'cluster',
  'backup',
  'restore',
  'policy',
  'audit',
  'vendor',
  'contract',
  'renewal',
  'incident',
  'severity',
  'escalation',
  'runbook',
  'onboarding',
  'quarterly',
  'forecast',
  'migration',
  'schema',
  'replica',
  'failover',
  'throttle',
  'quota',
  'tenant',
  'billing',
];
const DIRS = ['reports', 'runbooks', 'policies/billing', 'notes'];

/** Files of 20 to 400 words drawn with a Zipf law, some of them named after a word. */
function corpus(filesetId: string) {
  const next = seededRandom(26);
  return Array.from({ length: 240 }, (_, i) => {
    const length = 20 + Math.floor(next() * 380);
    const words = Array.from({ length }, () => {
      const rank = Math.floor(Math.exp(next() * Math.log(WORDS.length + 1))) - 1;
      return WORDS[Math.min(WORDS.length - 1, Math.max(0, rank))]!;
    });
    const named = i % 7 === 0 ? `${WORDS[i % WORDS.length]}-` : '';
    return {
      id: `${filesetId}-${i}`,
      path: `${DIRS[i % DIRS.length]}/${named}file-${String(i).padStart(3, '0')}.md`,
      text: `${words.join(' ')}. The end of file ${i}.`,
    };
  });
}

async function createFileset() {
  const filesetId = `rank-${randomUUID()}`;
  await platform.db.query(
    `INSERT INTO filesets (id, name, description, owner, created_by, created, updated)
     VALUES ($1, 'Ranking', '', 1, 1, now(), now())`,
    [filesetId],
  );
  await insertTextFiles(platform.db, filesetId, corpus(filesetId));
  return filesetId;
}

const reference = (filesetId: string, query: string, topK: number, prefix: string) =>
  rankedByWholeVectors(platform.db, filesetId, query, topK, prefix);

async function search(filesetId: string, request: Record<string, unknown>) {
  const res = await platform.api(`/api/files/v1/filesets/${filesetId}/query`, {
    method: 'POST',
    json: request,
  });
  expect(res.status).toBe(200);
  return fileQueryResult.parse(await res.json()).matches;
}

/** How many pieces (migration 191) a query's lexemes fall in. */
async function piecesOf(query: string) {
  const [row] = await platform.db.query<{ n: number }>(
    `SELECT count(DISTINCT fileset_search_bucket(l))::int AS n
     FROM websearch_to_tsquery('english', $1) AS q, unnest(fileset_search_lexemes(q)) AS l`,
    [query],
  );
  return row!.n;
}

describe('Query Files ranks as ts_rank over the whole search vectors', () => {
  it('gives the same order and scores for every shape of query', async () => {
    const filesetId = await createFileset();
    const shapes: Array<[string, number, string]> = [
      ['invoice', 10, ''], // the most common word: every file
      ['invoice', 100, ''],
      ['ledger', 100, ''],
      ['failover', 10, ''], // a rare word
      ['tenant', 25, ''],
      ['billing', 10, ''], // a word of some paths
      ['payment refund', 10, ''], // two words
      ['outage rollback', 100, ''],
      ['"customer payment"', 10, ''], // a phrase
      ['quota or replica', 10, ''],
      ['invoice -ledger', 10, ''], // a word and a negation
      ['-invoice', 10, ''], // only a negation
      ['latency', 30, 'reports/'],
      ['deploy cluster', 10, 'policies/'],
      ['the of and', 10, ''], // stop words only: no match
      ['nothingsuchword', 10, ''],
    ];
    const pieces = await Promise.all(shapes.map(([query]) => piecesOf(query)));
    // Both ways are covered: words of one piece, and words of several.
    expect(pieces.filter((n) => n === 1).length).toBeGreaterThan(5);
    expect(pieces.filter((n) => n > 1).length).toBeGreaterThan(1);
    for (const [query, topK, prefix] of shapes) {
      const expected = await reference(filesetId, query, topK, prefix);
      const matches = await search(filesetId, {
        query,
        topK,
        directoryPath: prefix || undefined,
      });
      expect(
        matches.map((m) => [m.node.path, m.score]),
        query,
      ).toEqual(expected.map((r) => [r.path, r.score]));
    }
    const stop = await search(filesetId, { query: 'the of and' });
    expect(stop).toEqual([]);
  });

  it('keeps each file in pieces that together are its search vector, through inserts and deletes', async () => {
    const filesetId = await createFileset();
    const whole = () =>
      platform.db.query<{ id: string; same: boolean }>(
        `SELECT f.id, f.search::text = (
             SELECT string_agg(l, ' ' ORDER BY l) FROM (
               SELECT unnest(string_to_array(t.lexemes::text, ' ')) AS l
               FROM fileset_search_terms t WHERE t.file_id = f.id
             ) AS parts
           ) AS same
         FROM fileset_files f WHERE f.fileset_id = $1`,
        [filesetId],
      );
    const before = await whole();
    expect(before).toHaveLength(240);
    expect(before.every((row) => row.same)).toBe(true);

    const [gone] = await platform.db.query<{ id: string; path: string }>(
      `DELETE FROM fileset_files WHERE fileset_id = $1 AND path LIKE 'reports/%'
       RETURNING id, path`,
      [filesetId],
    );
    const [{ left }] = (await platform.db.query<{ left: number }>(
      `SELECT count(*)::int AS left FROM fileset_search_terms WHERE file_id = $1`,
      [gone!.id],
    )) as [{ left: number }];
    expect(left).toBe(0);
    const matches = await search(filesetId, { query: 'invoice', topK: 100 });
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.some((m) => m.node.path.startsWith('reports/'))).toBe(false);
    expect(matches.map((m) => [m.node.path, m.score])).toEqual(
      (await reference(filesetId, 'invoice', 100, '')).map((r) => [r.path, r.score]),
    );
  });
});
