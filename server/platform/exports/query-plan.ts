import type { ExportQueryRequest } from '../../../src/api/contract';
import { storedType } from '../datasets/row-tables';

// An export's query (docs/platform-gaps.md): the columns written, each as it is or aggregated,
// the groups and the order, checked against the dataset's columns before the export is queued.
// The plan is kept in the job's payload (plain JSON) and read by rows-repository.ts as one SQL
// statement over the dataset's typed row sets.

export const AGGREGATES = ['SUM', 'AVG', 'MIN', 'MAX', 'COUNT'] as const;
export type Aggregate = (typeof AGGREGATES)[number];
export type OutputFn = 'COLUMN' | Aggregate;

/** At most this many groups and orders (each is a 400 naming it). */
export const MAX_GROUPS = 32;
export const MAX_ORDERS = 32;

export interface OutputColumn {
  /** The header name. */
  name: string;
  /** The dataset column's position. */
  index: number;
  fn: OutputFn;
  /** The type of what is written (an aggregate's own: COUNT is LONG, an average DECIMAL or DOUBLE). */
  type: string;
}

export interface QueryOrder {
  /** An output column's position, or (without grouping) a dataset column's. */
  output?: number;
  column?: number;
  descending: boolean;
}

/** What the export runs; `undefined` plan: the columns as they are, in the rows' order. */
export interface QueryPlan {
  outputs: OutputColumn[];
  /** Dataset column positions. */
  groupBy: number[];
  orderBy: QueryOrder[];
  /** The dataset's columns (name and type) the positions refer to. */
  schema: string;
}

/** The columns a plan's positions refer to, as one text compared when the export runs. */
export const schemaOf = (columns: ReadonlyArray<{ name: string; type: string }>) =>
  JSON.stringify(columns.map((c) => [c.name, c.type]));

export class QueryPlanError extends Error {}

const NUMERIC = new Set(['LONG', 'DOUBLE', 'DECIMAL']);

/** What an aggregate of a column of `type` is written as. */
function outputType(fn: OutputFn, type: string): string {
  const stored = storedType(type);
  if (fn === 'COUNT') return 'LONG';
  if (fn === 'SUM') return stored === 'DOUBLE' ? 'DOUBLE' : stored === 'LONG' ? 'DECIMAL' : stored;
  if (fn === 'AVG') return stored === 'DOUBLE' ? 'DOUBLE' : 'DECIMAL';
  return stored;
}

function aggregateOf(exprType: string | undefined, at: string): OutputFn {
  const fn = (exprType ?? 'COLUMN').toUpperCase();
  if (fn === 'COLUMN' || (AGGREGATES as readonly string[]).includes(fn)) return fn as OutputFn;
  throw new QueryPlanError(
    `${at}.exprType: COLUMN, ${AGGREGATES.join(', ')}; not "${String(exprType)}"`,
  );
}

function directionOf(order: { order?: string; direction?: string }, at: string): boolean {
  const word = (order.order ?? order.direction ?? 'ASCENDING').toUpperCase();
  if (word === 'ASCENDING' || word === 'ASC') return false;
  if (word === 'DESCENDING' || word === 'DESC') return true;
  throw new QueryPlanError(`${at}.order: ASCENDING or DESCENDING; not "${word}"`);
}

/**
 * The plan of `query` over a dataset of `columns`, or undefined when it only picks columns (the
 * rows' own order, read by windows). A name the dataset lacks, an aggregate of text that needs
 * numbers, a column neither grouped nor aggregated, two outputs of one name: a QueryPlanError
 * naming the field.
 */
export function planQuery(
  query: ExportQueryRequest | undefined,
  columns: ReadonlyArray<{ name: string; type: string }>,
  outputs: readonly string[],
): QueryPlan | undefined {
  const groups = query?.groupByColumns ?? [];
  const orders = query?.orderByColumns ?? [];
  const asked = query?.columns ?? [];
  const aggregated = asked.some((c) => (c.exprType ?? 'COLUMN').toUpperCase() !== 'COLUMN');
  if (!aggregated && groups.length === 0 && orders.length === 0) return undefined;
  if (groups.length > MAX_GROUPS)
    throw new QueryPlanError(`queryRequest.query.groupByColumns: at most ${MAX_GROUPS} columns`);
  if (orders.length > MAX_ORDERS)
    throw new QueryPlanError(`queryRequest.query.orderByColumns: at most ${MAX_ORDERS} columns`);
  const position = (name: string, at: string) => {
    const i = columns.findIndex((c) => c.name === name);
    if (i < 0) throw new QueryPlanError(`${at}: the dataset has no column "${name}"`);
    return i;
  };
  const plan: QueryPlan = { outputs: [], groupBy: [], orderBy: [], schema: schemaOf(columns) };
  const base = asked.length
    ? asked
    : outputs.map((name) => ({ column: name, exprType: 'COLUMN', alias: undefined }));
  for (const [k, c] of base.entries()) {
    const at = `queryRequest.query.columns.${k}`;
    const index = position(c.column, `${at}.column`);
    const fn = aggregateOf(c.exprType, at);
    const type = columns[index]!.type;
    if ((fn === 'SUM' || fn === 'AVG') && !NUMERIC.has(storedType(type)))
      throw new QueryPlanError(
        `${at}.exprType: ${fn} needs a number; "${c.column}" is ${storedType(type)}`,
      );
    const name = c.alias ?? c.column;
    if (plan.outputs.some((o) => o.name === name))
      throw new QueryPlanError(`${at}: two columns are named "${name}"; give one an alias`);
    plan.outputs.push({ name, index, fn, type: outputType(fn, type) });
  }
  for (const [k, g] of groups.entries()) {
    const at = `queryRequest.query.groupByColumns.${k}`;
    const name = typeof g === 'string' ? g : g.column;
    const index = position(name, typeof g === 'string' ? at : `${at}.column`);
    if (!plan.groupBy.includes(index)) plan.groupBy.push(index);
  }
  const grouped = aggregated || plan.groupBy.length > 0;
  if (grouped)
    for (const [k, o] of plan.outputs.entries())
      if (o.fn === 'COLUMN' && !plan.groupBy.includes(o.index))
        throw new QueryPlanError(
          `queryRequest.query.columns.${k}: "${o.name}" is neither grouped by nor aggregated`,
        );
  for (const [k, o] of orders.entries()) {
    const at = `queryRequest.query.orderByColumns.${k}`;
    const entry = typeof o === 'string' ? { column: o } : o;
    const descending = typeof o === 'string' ? false : directionOf(o, at);
    const fn = entry.exprType === undefined ? undefined : aggregateOf(entry.exprType, at);
    // An output by its header name, or by its column and aggregate.
    const output = plan.outputs.findIndex((out) =>
      fn === undefined || fn === 'COLUMN'
        ? out.name === entry.column
        : out.fn === fn && columns[out.index]!.name === entry.column,
    );
    if (output >= 0) plan.orderBy.push({ output, descending });
    else if (!grouped && (fn === undefined || fn === 'COLUMN'))
      plan.orderBy.push({ column: position(entry.column, `${at}.column`), descending });
    else
      throw new QueryPlanError(
        `${at}.column: a grouped export orders by its written columns; "${entry.column}" is not one`,
      );
  }
  return plan;
}

/** The plan in words, for the export's page: "grouped by region; ordered by amount, descending". */
export function describePlan(plan: QueryPlan, columns: ReadonlyArray<{ name: string }>): string {
  const parts: string[] = [];
  if (plan.groupBy.length)
    parts.push(`grouped by ${plan.groupBy.map((i) => columns[i]!.name).join(', ')}`);
  const aggregates = plan.outputs.filter((o) => o.fn !== 'COLUMN');
  if (aggregates.length)
    parts.push(aggregates.map((o) => `${o.name} = ${o.fn}(${columns[o.index]!.name})`).join(', '));
  if (plan.orderBy.length)
    parts.push(
      `ordered by ${plan.orderBy
        .map(
          (o) =>
            `${o.output !== undefined ? plan.outputs[o.output]!.name : columns[o.column!]!.name}${o.descending ? ', descending' : ''}`,
        )
        .join('; then ')}`,
    );
  return parts.join('; ');
}
