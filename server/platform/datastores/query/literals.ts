import { badRequest } from '../../core/errors';

export type JsonScalar = string | number | boolean;
/** A value in a filter: `{"$date": ...}` is a date, not an object to compare with. */
export type Literal =
  | { kind: 'null' }
  | { kind: 'scalar'; value: JsonScalar }
  /** `{"$date": ...}`: `text` as written (content fields compare ISO strings), `instant` for columns. */
  | { kind: 'date'; text: string; instant: string }
  | { kind: 'structured'; value: unknown };

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isDateLiteral = (v: unknown): v is { $date: unknown } =>
  isPlainObject(v) && Object.keys(v).length === 1 && Object.hasOwn(v, '$date');

export function literal(value: unknown, where: string): Literal {
  if (value === null) return { kind: 'null' };
  // JSON.parse reads 1e400 as Infinity, which no stored number equals: say so instead of matching nothing.
  if (typeof value === 'number' && !Number.isFinite(value))
    throw badRequest(`the number at ${where} is out of range`);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { kind: 'scalar', value };
  if (isDateLiteral(value)) return dateLiteral(value.$date, where);
  return { kind: 'structured', value };
}

export function dateLiteral(value: unknown, where: string): Literal {
  const time =
    typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(time) || Number.isNaN(new Date(time).getTime()))
    throw badRequest(
      `bad {"$date": ...} value at ${where}: ${JSON.stringify(value) ?? 'undefined'}`,
    );
  const instant = new Date(time).toISOString();
  // A number has no written form: use the sync format (gaps.md) when it has no milliseconds.
  const text = typeof value === 'string' ? value : instant.replace(/\.000Z$/, 'Z');
  return { kind: 'date', text, instant };
}
