import type { Db, Queryable } from '../store';
import { fileColumns, type MatchRow } from './repository';

/** The snippet comes from this many characters of text, starting a little before the first hit. */
const SNIPPET_WINDOW = 600;
const SNIPPET_LEAD = 120;
/**
 * Query words whose first hits are at most this far apart (some 300 words: a passage longer than
 * that is not shown as one) are all in the window, which then reaches past the last of them.
 */
const SNIPPET_SPAN = 1800;
const headlineOptions =
  'MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … ", StartSel=<mark>, StopSel=</mark>';

export interface FileSearch {
  query: string;
  prefixes: string[];
  topK: number;
}

/**
 * Full-text search (4.7): `websearch_to_tsquery` reads any text without a syntax error; the rank
 * is `ts_rank` with normalisation 1|32 (longer files count a hit for less; scores in 0..1) over
 * every match, best first, ties in path order, and only the `topK` best get a snippet.
 *
 * What a common word costs: it matches every file, and each match is ranked. A file's search
 * vector is read in pieces (migration 191: `fileset_search_terms`, the vector cut in eight by
 * lexeme, a partition per piece), and a query reads only the pieces of its lexemes: some ten
 * files to a page rather than one. `ts_rank` over those pieces, normalised by the whole
 * vector's length, is `ts_rank(search, q, 1 | 32)` to the bit (`filesets-rank.test.ts`). A query
 * that a file without any of its words matches (only negations, `-word`) ranks the whole vectors.
 *
 * The planner prices a sequential scan by the table and not by the vectors it would decompress
 * and rank for every file, far slower for a rare word. So the GIN index must find the
 * candidates: sequential scans are off for this transaction, and the fileset is
 * compared as `fileset_id || ''`, which no B-tree serves.
 */
export function queryFiles(db: Db, filesetId: string, search: FileSearch) {
  const prefixes = search.prefixes.filter(Boolean);
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    const [plan] = await tx.query<{ buckets: number[]; all: boolean }>(
      `SELECT array(SELECT DISTINCT fileset_search_bucket(l) FROM unnest(lexemes) AS l) AS buckets,
         ''::tsvector @@ q AS "all"
       FROM websearch_to_tsquery('english', $1) AS q, fileset_search_lexemes(q) AS lexemes`,
      [search.query],
    );
    // A query of stop words only matches nothing.
    if (!plan?.buckets.length) return [];
    const params: unknown[] = [filesetId, search.query, search.topK, ...prefixes];
    const [bucket, ...more] = plan.buckets;
    const whole = plan.all || more.length > 0;
    const ranked = whole ? wholeVectors(prefixes) : pieces(prefixes, params.length);
    if (!whole) params.push(bucket);
    return snippets(tx, ranked, params);
  });
}

/** Only prefixes that restrict: `starts_with(path, '')` would hand the scan to a B-tree. */
const pathFilter = (column: string, prefixes: string[]) =>
  prefixes.map((_, i) => `AND starts_with(${column}, $${i + 4})`).join(' ');

/** `ranked` (file_id, path, score): the topK best, from the pieces of one bucket. */
const pieces = (prefixes: string[], after: number) => `ranked AS (
      -- ts_rank's normalisation 1|32 as it computes it (float4): divided by 1 + log2(length),
      -- then by itself + 1. OFFSET 0 keeps the rank computed once a file (inlined, it would
      -- be computed for each of its two mentions).
      SELECT file_id, path, r / (r + 1::real) AS score
      FROM (
        SELECT t.file_id, t.path, (ts_rank(t.lexemes, query.q, 0)::float8
            / (ln(t.search_length + 1::float8) / ln(2::float8)))::real AS r
        FROM fileset_search_terms t CROSS JOIN query
        WHERE t.bucket = $${after + 1}::smallint AND (t.fileset_id || '') = $1
          AND t.lexemes @@ query.q ${pathFilter('t.path', prefixes)}
        OFFSET 0
      ) AS raw
      ORDER BY score DESC, path COLLATE "C"
      LIMIT $3
    )`;

/** `ranked` from the files' whole vectors, for a query that matches a file without its words. */
const wholeVectors = (prefixes: string[]) => `ranked AS (
      SELECT id AS file_id, path, ts_rank(search, query.q, 1 | 32) AS score
      FROM fileset_files CROSS JOIN query
      WHERE search @@ query.q AND (fileset_id || '') = $1 ${pathFilter('path', prefixes)}
      ORDER BY score DESC, path COLLATE "C"
      LIMIT $3
    )`;

/**
 * The ranked files with their snippets. `ts_headline` costs in proportion to the text it reads,
 * so it reads a window of the first 100,000 characters, and
 * those 100,000 only when the window shows no hit (a stem that is not a prefix of its word, as
 * `polici` of `policy`). The window is found from each query word's first occurrence:
 * - SNIPPET_WINDOW characters from a little before the first (one word, or words close by);
 * - words up to SNIPPET_SPAN apart: from a little before the first to a little past the last.
 *   `ts_headline` shows words of an AND query together only when its text holds them all: a
 *   window of the first word alone shows none marked, and the whole text is read again;
 * - words further apart: SNIPPET_WINDOW around the last (a rarer word's, the others' likelier
 *   near it than the other way round).
 * The text is stored uncompressed (migration 199), so that each of these slices reads only the
 * chunks that hold it.
 */
const snippets = (tx: Queryable, ranked: string, params: unknown[]) =>
  tx.query<MatchRow>(sqlOf(ranked), params);

const sqlOf = (ranked: string) =>
  `WITH query AS MATERIALIZED (
       SELECT websearch_to_tsquery('english', $2) AS q,
         tsvector_to_array(to_tsvector('english', $2)) AS lexemes
     ),
     ${ranked},
     best AS (
       SELECT ${qualified('f')}, f.text_content, ranked.score
       FROM ranked JOIN fileset_files f ON f.id = ranked.file_id
     ),
     windowed AS MATERIALIZED (
       -- MATERIALIZED and OFFSET 0: each expression once per file (inlined, the headline and
       -- the window would be computed again at every mention). A word's first hit is looked for
       -- in the first 500 characters, then 2,000, then 100,000 (substr reads a slice: only the
       -- text up to it is decompressed, and lowered). The window starts and ends on
       -- whitespace, so that no word is cut in two; its end is trimmed as its reverse's start
       -- (a pattern anchored at the end is tried from every character).
       SELECT ${fileColumns}, score, text_content, ts_headline('english',
           reverse(regexp_replace(
             reverse(regexp_replace(raw, CASE WHEN start > 1 THEN '^\\S*\\s' ELSE '^' END, '')),
             CASE WHEN length(raw) > reach THEN '^\\S*\\s' ELSE '^' END, '')),
           query.q, '${headlineOptions}') AS headline
       FROM best CROSS JOIN query,
         LATERAL (
           SELECT min(hit) AS first_at, max(hit) AS last_at
           FROM unnest(query.lexemes) AS lexeme, LATERAL (
             SELECT coalesce(
               nullif(strpos(lower(substr(text_content, 1, 500)), lexeme), 0),
               nullif(strpos(lower(substr(text_content, 1, 2000)), lexeme), 0),
               nullif(strpos(lower(substr(text_content, 1, 100000)), lexeme), 0)) AS hit
           ) AS found
         ) AS hits,
         LATERAL (
           SELECT CASE WHEN close THEN greatest(1, first_at - ${SNIPPET_LEAD})
               ELSE greatest(1, last_at - ${SNIPPET_WINDOW / 2}) END AS start,
             CASE WHEN close THEN greatest(${SNIPPET_WINDOW}, last_at - first_at + 2 * ${SNIPPET_LEAD})
               ELSE ${SNIPPET_WINDOW} END AS reach
           FROM (SELECT coalesce(last_at - first_at <= ${SNIPPET_SPAN}, true) AS close) AS spread
         ) AS bounds,
         LATERAL (
           SELECT substr(coalesce(text_content, ''), start, reach + 1) AS raw OFFSET 0
         ) AS window_text
     )
     SELECT ${fileColumns}, score::float8 AS score,
       CASE WHEN strpos(headline, '<mark>') > 0 THEN headline
         ELSE ts_headline('english', left(coalesce(text_content, ''), 100000), query.q,
           '${headlineOptions}')
       END AS snippet
     FROM windowed CROSS JOIN query
     ORDER BY score DESC, path COLLATE "C"`;

const qualified = (alias: string) =>
  fileColumns
    .split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');
