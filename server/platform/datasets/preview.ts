import type { QueryResult } from '../../../src/api/contract';
import { badRequest } from '../core/errors';
import type { Queryable } from '../store';
import { readRows, type DatasetRow } from './repository';

export const MAX_PREVIEW_ROWS = 10_000;
export const MAX_SQL_LENGTH = 4_000;

const SUPPORTED =
  'Only SELECT * FROM table [ORDER BY column [ASC|DESC]] [LIMIT n] [OFFSET m] is supported (column names may replace *)';

export interface PreviewQuery {
  columns: '*' | string[];
  table: string;
  limit: number;
  offset: number;
  orderBy?: { column: string; direction: 'ASC' | 'DESC' };
}

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'quoted'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'symbol'; text: '*' | ',' | ';' };

const isWordStart = (ch: string) => /[A-Za-z_]/.test(ch);
const isWordPart = (ch: string) => /[\w-]/.test(ch);
const isDigit = (ch: string) => ch >= '0' && ch <= '9';

/** One pass over the text, each character read once: no pattern can make it backtrack. */
function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '*' || ch === ',' || ch === ';') {
      tokens.push({ kind: 'symbol', text: ch });
      i++;
    } else if (ch === '"' || ch === '`') {
      const close = sql.indexOf(ch, i + 1);
      if (close <= i + 1) throw badRequest(`sql: an unclosed or empty quoted name. ${SUPPORTED}`);
      tokens.push({ kind: 'quoted', text: sql.slice(i + 1, close) });
      i = close + 1;
    } else if (isDigit(ch)) {
      let j = i;
      while (j < sql.length && isDigit(sql[j]!)) j++;
      tokens.push({ kind: 'number', text: sql.slice(i, j) });
      i = j;
    } else if (isWordStart(ch)) {
      let j = i;
      while (j < sql.length && isWordPart(sql[j]!)) j++;
      tokens.push({ kind: 'word', text: sql.slice(i, j) });
      i = j;
    } else {
      throw badRequest(`sql: ${SUPPORTED}`);
    }
  }
  return tokens;
}

const keyword = (token: Token | undefined, word: string) =>
  token?.kind === 'word' && token.text.toLowerCase() === word;

function count(token: Token | undefined): number {
  if (token?.kind !== 'number' || token.text.length > 9) throw badRequest(`sql: ${SUPPORTED}`);
  return Number(token.text);
}

/** The rows preview reads a dataset; it is not a SQL engine, so anything else is refused by name. */
export function parsePreviewSql(sql: string): PreviewQuery {
  if (sql.length > MAX_SQL_LENGTH) throw badRequest(`sql: at most ${MAX_SQL_LENGTH} characters`);
  const tokens = tokenize(sql);
  let at = 0;
  const next = () => tokens[at++];
  if (!keyword(next(), 'select')) throw badRequest(`sql: ${SUPPORTED}`);

  let columns: PreviewQuery['columns'];
  if (tokens[at]?.kind === 'symbol' && tokens[at]!.text === '*') {
    at++;
    columns = '*';
  } else {
    columns = [];
    for (;;) {
      const name = next();
      if (name?.kind === 'quoted') columns.push(name.text);
      else if (name?.kind === 'word' && /^[A-Za-z_]\w*$/.test(name.text) && !keyword(name, 'from'))
        columns.push(name.text);
      else
        throw badRequest(
          `sql: "${(name?.text ?? '').slice(0, 60)}" is not a column name. ${SUPPORTED}`,
        );
      const separator = tokens[at];
      if (separator?.kind === 'symbol' && separator.text === ',') at++;
      else break;
    }
  }
  if (!keyword(next(), 'from')) throw badRequest(`sql: ${SUPPORTED}`);
  const table = next();
  if (table?.kind !== 'word' && table?.kind !== 'quoted') throw badRequest(`sql: ${SUPPORTED}`);

  let orderBy: PreviewQuery['orderBy'];
  if (keyword(tokens[at], 'order')) {
    at++;
    if (!keyword(next(), 'by')) throw badRequest(`sql: ORDER must be followed by BY. ${SUPPORTED}`);
    const name = next();
    if (name?.kind !== 'quoted' && !(name?.kind === 'word' && /^[A-Za-z_]\w*$/.test(name.text)))
      throw badRequest(`sql: ORDER BY needs one column name. ${SUPPORTED}`);
    let direction: 'ASC' | 'DESC' = 'ASC';
    if (keyword(tokens[at], 'asc') || keyword(tokens[at], 'desc'))
      direction = next()!.text.toUpperCase() as 'ASC' | 'DESC';
    orderBy = { column: name.text, direction };
  }
  let limit = MAX_PREVIEW_ROWS;
  let offset = 0;
  if (keyword(tokens[at], 'limit')) {
    at++;
    limit = count(next());
    if (limit > MAX_PREVIEW_ROWS) throw badRequest(`sql: LIMIT is at most ${MAX_PREVIEW_ROWS}`);
  }
  if (keyword(tokens[at], 'offset')) {
    at++;
    offset = count(next());
  }
  if (tokens[at]?.kind === 'symbol' && tokens[at]!.text === ';') at++;
  if (at !== tokens.length) throw badRequest(`sql: ${SUPPORTED}`);
  return { columns, table: table.text, limit, offset, orderBy };
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
  let order: { index: number; direction: 'ASC' | 'DESC' } | undefined;
  if (q.orderBy) {
    const index = dataset.columns.findIndex((col) => col.name === q.orderBy!.column);
    if (index < 0)
      throw badRequest(`sql: the dataset has no column "${q.orderBy.column}" to order by`);
    order = { index, direction: q.orderBy.direction };
  }
  const rows = (await readRows(db, dataset.id, q.limit, q.offset, order)).map((cells) =>
    positions.map((i) => cells[i] ?? null),
  );
  return {
    columns: positions.map((i) => dataset.columns[i]!.name),
    rows,
    numRows: rows.length,
    numColumns: positions.length,
  };
}
