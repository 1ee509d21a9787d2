import type { Db, Queryable } from '../store/db';
import {
  column,
  createRowTable,
  dropRowTable,
  finishRowTable,
  sqlType,
  storedType,
} from './row-tables';

/**
 * Moves the rows of sets from before typed tables (jsonb cells in `dataset_rows`) into a typed
 * table per set, at start, after the migrations. Each live set is copied in pieces of
 * `UPGRADE_PIECE` rows (no statement holds the database long), then its row count and a
 * checksum of its values are compared with the old rows', and only then does the set name its
 * new table. A process stopped midway starts that set over: its table's name is derived from the
 * set, and a partial table is dropped first. When no set is left, `dataset_rows` goes.
 */
export const UPGRADE_PIECE = 20_000;

interface LegacySet {
  dataset_id: string;
  storage: string;
  row_count: number;
  columns: Array<{ type: string }>;
}

/** A set's table name, the same at every attempt. */
const tableFor = async (db: Queryable, set: LegacySet) => {
  const [row] = await db.query<{ hash: string }>(`SELECT md5($1 || '/' || $2) AS hash`, [
    set.dataset_id,
    set.storage,
  ]);
  return `dataset_rows_${row!.hash}`;
};

/** Each value as its typed text, positions renumbered 0..n-1, summed as hashes: one number. */
const checksum = (values: string, from: string, position: string) =>
  `SELECT count(*)::int AS n, coalesce(sum(hashtext(${position} || ':' || ${values})::bigint), 0)::text AS sum FROM ${from}`;

const typedText = (expr: string) => `coalesce((${expr})::text, '∅')`;

async function convert(db: Queryable, set: LegacySet, log: (line: string) => void) {
  const types = set.columns.map((c) => storedType(c.type));
  const table = await tableFor(db, set);
  await dropRowTable(db, table);
  await createRowTable(db, table, types);
  const casts = types.map((t, i) => `(cells->>${i})::${sqlType(t)}`);
  const key = [set.dataset_id, set.storage];
  let copied = 0;
  let last = -1;
  for (;;) {
    const [piece] = await db.query<{ n: number; last: number | null }>(
      `WITH piece AS (
         SELECT row_index, cells FROM dataset_rows
         WHERE dataset_id = $1 AND partition_id = $2 AND row_index > $3
         ORDER BY row_index LIMIT $4),
       written AS (
         INSERT INTO ${table}
         SELECT $5::bigint + row_number() OVER (ORDER BY row_index) - 1${casts.map((c) => `, ${c}`).join('')}
         FROM piece RETURNING 1)
       SELECT (SELECT count(*)::int FROM written) AS n, (SELECT max(row_index) FROM piece) AS last`,
      [...key, last, UPGRADE_PIECE, copied],
    );
    if (!piece || piece.n === 0) break;
    copied += piece.n;
    last = piece.last!;
  }
  await finishRowTable(db, table);
  const oldValues = types.map((_, i) => typedText(casts[i]!)).join(` || '|' || `) || `''`;
  const newValues = types.map((_, i) => typedText(column(i))).join(` || '|' || `) || `''`;
  const [before] = await db.query<{ n: number; sum: string }>(
    checksum(
      oldValues,
      `(SELECT cells, row_number() OVER (ORDER BY row_index) - 1 AS at FROM dataset_rows
        WHERE dataset_id = $1 AND partition_id = $2) o`,
      'at',
    ),
    key,
  );
  const [after] = await db.query<{ n: number; sum: string }>(
    checksum(newValues, table, 'row_index'),
  );
  if (!before || !after || before.n !== after.n || before.sum !== after.sum)
    throw new Error(
      `The rows of dataset ${set.dataset_id} did not convert exactly (${before?.n} rows before, ${after?.n} after): the old rows are kept`,
    );
  await db.query(
    `UPDATE dataset_row_sets SET row_table = $3, types = $4::text[], row_count = $5
     WHERE dataset_id = $1 AND storage = $2 AND row_table IS NULL`,
    [...key, table, types, after.n],
  );
  log(`datasets: dataset ${set.dataset_id}: ${after.n} rows moved to typed columns`);
}

/** Runs the upgrade on one connection under an advisory lock, so two processes never both do. */
export async function upgradeRowSets(db: Db, log: (line: string) => void = () => undefined) {
  const [legacy] = await db.query<{ present: boolean }>(
    `SELECT to_regclass('dataset_rows') IS NOT NULL AS present`,
  );
  if (!legacy?.present) return;
  const run = async (q: Queryable) => {
    await q.query(
      `SELECT pg_advisory_lock(hashtext('row sets: typed tables' || current_schema()))`,
    );
    try {
      const [still] = await q.query<{ present: boolean }>(
        `SELECT to_regclass('dataset_rows') IS NOT NULL AS present`,
      );
      if (!still?.present) return;
      for (;;) {
        const [set] = await q.query<LegacySet>(
          `SELECT s.dataset_id, s.storage, s.row_count, d.columns FROM dataset_row_sets s
           JOIN datasets d ON d.id = s.dataset_id
           WHERE s.row_table IS NULL AND s.state = 'live' ORDER BY s.dataset_id, s.storage LIMIT 1`,
        );
        if (!set) break;
        await convert(q, set, log);
      }
      // Sets not live are never read again: retired now, their rows go with the old table.
      await q.query(
        `UPDATE dataset_row_sets SET state = 'retired', changed_at = now() - interval '1 day'
         WHERE row_table IS NULL AND state <> 'live'`,
      );
      await q.query('DROP TABLE dataset_rows');
    } finally {
      await q.query(
        `SELECT pg_advisory_unlock(hashtext('row sets: typed tables' || current_schema()))`,
      );
    }
  };
  if (db.session) await db.session(run);
  else await run(db);
}

/**
 * At start: every live set a stopped process left unfinished (its run published, the process
 * gone before staged-rows.ts `finishLive`) is finished. Best effort: a set retired meanwhile, or one another
 * process finishes at once, is left; the next start looks again.
 */
export async function finishUnfinished(db: Db) {
  const sets = await db.query<{ row_table: string }>(
    `SELECT row_table FROM dataset_row_sets
     WHERE state = 'live' AND row_table IS NOT NULL AND to_regclass(row_table || '_at') IS NULL`,
  );
  for (const { row_table } of sets) await finishRowTable(db, row_table).catch(() => undefined);
}
