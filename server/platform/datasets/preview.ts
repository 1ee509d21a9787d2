import type { QueryResult } from '../../../src/api/contract';
import { badRequest } from '../core/errors';
import type { Queryable } from '../store';
import { readRows, type DatasetRow } from './repository';

export const MAX_PREVIEW_ROWS = 10_000;
/** Keeps the statement pattern's backtracking small. */
const MAX_SQL_LENGTH = 4_000;

const SUPPORTED =
  'Only SELECT * FROM table [LIMIT n] [OFFSET m] is supported (column names may replace *)';
const statement =
  /^\s*select\s+(?<columns>\*|.+?)\s+from\s+(?<table>[A-Za-z_][\w-]*|"[^"]+"|`[^`]+`)(?:\s+limit\s+(?<limit>\d{1,9}))?(?:\s+offset\s+(?<offset>\d{1,9}))?\s*;?\s*$/is;
const identifier = /^(?:[A-Za-z_][\w]*|"([^"]+)"|`([^`]+)`)$/;

const unquote = (name: string) => name.replace(/^["`](.*)["`]$/s, '$1');

export interface PreviewQuery {
  columns: '*' | string[];
  table: string;
  limit: number;
  offset: number;
}

/** The rows preview reads a dataset; it is not a SQL engine, so anything else is refused by name. */
export function parsePreviewSql(sql: string): PreviewQuery {
  if (sql.length > MAX_SQL_LENGTH) throw badRequest(`sql: at most ${MAX_SQL_LENGTH} characters`);
  const m = statement.exec(sql)?.groups;
  if (!m) throw badRequest(`sql: ${SUPPORTED}`);
  const limit = m.limit === undefined ? MAX_PREVIEW_ROWS : Number(m.limit);
  if (limit > MAX_PREVIEW_ROWS) throw badRequest(`sql: LIMIT is at most ${MAX_PREVIEW_ROWS}`);
  let columns: PreviewQuery['columns'] = '*';
  if (m.columns !== '*') {
    const names = m.columns!.split(',').map((s) => s.trim());
    const bad = names.find((n) => !identifier.test(n));
    if (bad !== undefined) throw badRequest(`sql: "${bad.slice(0, 60)}" is not a column name. ${SUPPORTED}`);
    columns = names.map(unquote);
  }
  return { columns, table: unquote(m.table!), limit, offset: Number(m.offset ?? 0) };
}

/** `SELECT *` reads the visible columns, as the indexed schema does by default (4.8). */
export async function runPreview(
  db: Queryable,
  dataset: DatasetRow,
  sql: string,
): Promise<QueryResult> {
  const q = parsePreviewSql(sql);
  if (q.table.toLowerCase() !== 'table' && q.table !== dataset.id)
    throw badRequest(
      `sql: FROM must name "table" or the dataset id ${dataset.id}, not "${q.table}"`,
    );
  const positions =
    q.columns === '*'
      ? dataset.columns.flatMap((col, i) => (col.visible ? [i] : []))
      : q.columns.map((name) => {
          const i = dataset.columns.findIndex((col) => col.name === name);
          if (i < 0) throw badRequest(`sql: the dataset has no column "${name}"`);
          return i;
        });
  const rows = (await readRows(db, dataset.id, q.limit, q.offset)).map((cells) =>
    positions.map((i) => cells[i] ?? null),
  );
  return {
    columns: positions.map((i) => dataset.columns[i]!.name),
    rows,
    numRows: rows.length,
    numColumns: positions.length,
  };
}
