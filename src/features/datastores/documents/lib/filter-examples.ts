import type { CollectionColumn, JsonObject } from '../../../../api/contract';

export interface FilterExample {
  label: string;
  filter: string;
}

const NUMERIC = new Set(['LONG', 'DECIMAL', 'DOUBLE']);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The values of a column on screen, most frequent first. */
function valuesOf(contents: JsonObject[], name: string) {
  const counts = new Map<unknown, number>();
  for (const content of contents) {
    const value = content[name];
    if (value !== undefined && value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}

/** The column of this type whose values on screen repeat most: a category, not an id. */
function categoryColumn(
  columns: CollectionColumn[],
  contents: JsonObject[],
  fits: (c: CollectionColumn) => boolean,
) {
  const candidates = columns
    .filter(fits)
    .map((column) => ({ column, values: valuesOf(contents, column.name) }));
  const varied = candidates.filter((c) => c.values.length > 1);
  return (varied.length ? varied : candidates).sort((a, b) => a.values.length - b.values.length)[0];
}

/**
 * Filters that show the query language on this collection's own fields, with values from the
 * documents on screen (`{"content.region": "North"}` on orders); the docs' examples otherwise.
 */
export function filterExamples(
  columns: CollectionColumn[],
  contents: JsonObject[] = [],
): FilterExample[] {
  const text = categoryColumn(columns, contents, (c) => c.type === 'STRING');
  const number = categoryColumn(columns, contents, (c) => NUMERIC.has(c.type));
  const textName = text?.column.name ?? 'region';
  const [first, second] = (text?.values ?? []).filter((v): v is string => typeof v === 'string');
  const value = first ?? 'North';
  const other = second ?? (value === 'South' ? 'North' : 'South');
  const numberName = number?.column.name ?? 'quantity';
  const numbers = (number?.values ?? [])
    .filter((v): v is number => typeof v === 'number')
    .sort((a, b) => a - b);
  const middle = numbers.length ? numbers[Math.floor(numbers.length / 2)]! : 10;
  const prefix = value.slice(0, 2);
  const field = `content.${textName}`;
  const f = (filter: unknown) => JSON.stringify(filter);
  return [
    { label: `${textName} is ${value}`, filter: f({ [field]: value }) },
    {
      label: `${numberName} is at least ${middle}`,
      filter: f({ [`content.${numberName}`]: { $gte: middle } }),
    },
    {
      label: `${textName} is ${value} or ${other}`,
      filter: f({ $or: [{ [field]: value }, { [field]: other }] }),
    },
    {
      label: 'Created since 1 January 2026',
      filter: f({ createdOn: { $gte: { $date: '2026-01-01T00:00:00Z' } } }),
    },
    {
      label: `${textName} is neither ${value} nor ${other}`,
      filter: f({ [field]: { $nin: [value, other] } }),
    },
    {
      label: `${textName} starts with ${prefix}`,
      filter: f({ [field]: { $regex: `^${escapeRegex(prefix)}` } }),
    },
    {
      label: `Documents without ${numberName}`,
      filter: f({ [`content.${numberName}`]: { $exists: false } }),
    },
  ];
}
