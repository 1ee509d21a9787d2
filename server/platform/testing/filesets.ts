import type { Db } from '../store';

// Fileset helpers of the search tests and the fileset benchmark.

/** A small deterministic generator (mulberry32): the same numbers on every run. */
export function seededRandom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Text files put straight into a fileset through SQL (the search tests' corpora). */
export const insertTextFiles = (
  db: Db,
  filesetId: string,
  files: Array<{ id: string; path: string; text: string }>,
) =>
  db.query(
    `INSERT INTO fileset_files (id, fileset_id, path, name, file_type, content_type, size, hash,
       created, created_by, body, text_content)
     SELECT id, $1, path, path, 'FILE', 'text/markdown', octet_length(text), md5(text), now(), 1,
       convert_to(text, 'UTF8'), text
     FROM unnest($2::text[], $3::text[], $4::text[]) AS t(id, path, text)`,
    [filesetId, files.map((f) => f.id), files.map((f) => f.path), files.map((f) => f.text)],
  );

/** ts_rank over each file's whole search vector: the ranking Query Files must match. */
export const rankedByWholeVectors = (
  db: Db,
  filesetId: string,
  query: string,
  topK: number,
  prefix: string,
) =>
  db.query<{ path: string; score: number }>(
    `SELECT path, ts_rank(search, q, 1 | 32)::float8 AS score
     FROM fileset_files, websearch_to_tsquery('english', $2) AS q
     WHERE fileset_id = $1 AND search @@ q AND starts_with(path, $4)
     ORDER BY ts_rank(search, q, 1 | 32) DESC, path COLLATE "C" LIMIT $3`,
    [filesetId, query, topK, prefix],
  );
