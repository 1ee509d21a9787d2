import Papa from 'papaparse';
import { z } from 'zod';
import { readCsv, readData } from './load';

/**
 * Sample files made from records: each entry of `data/fileset-records/manifest.json` turns the rows of
 * one CSV into files of a fileset (a markdown page or a JSON object per row, or one CSV per group).
 */
const source = z.strictObject({
  fileset: z.string(),
  source: z.string().regex(/^[\w-]+\.csv$/),
  render: z.enum(['markdown', 'json', 'csv']),
  path: z.string().min(1),
  title: z.string().optional(),
  meta: z.record(z.string(), z.string()).optional(),
  sections: z.record(z.string(), z.string()).optional(),
  numbers: z.array(z.string()).optional(),
  booleans: z.array(z.string()).optional(),
  groupBy: z.string().optional(),
});
type Source = z.infer<typeof source>;
type Row = Record<string, string>;
export interface RecordFile {
  path: string;
  body: Buffer;
}

const slug = (v: string) =>
  v
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
const filters: Record<string, (v: string) => string> = {
  slug,
  lower: (v) => v.toLowerCase(),
  year: (v) => v.slice(0, 4),
};

/** `{column}` or `{column|filter}` from the row. */
function fill(template: string, row: Row) {
  return template.replace(/\{(\w+)(?:\|(\w+))?\}/g, (_, column: string, filter?: string) => {
    const value = row[column];
    if (value === undefined)
      throw new Error(`sample records: no column ${column} for "${template}"`);
    return filter ? filters[filter]!(value) : value;
  });
}

function markdown(source: Source, row: Row) {
  const meta = Object.entries(source.meta ?? {}).map(([label, c]) => `- **${label}:** ${row[c]}`);
  const sections = Object.entries(source.sections ?? {}).map(([h, c]) => `## ${h}\n\n${row[c]}`);
  const head = [`# ${fill(source.title ?? '', row)}`, ...(meta.length ? [meta.join('\n')] : [])];
  return [...head, ...sections].join('\n\n') + '\n';
}

function json(source: Source, row: Row) {
  const typed = Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      source.numbers?.includes(k) ? Number(v) : source.booleans?.includes(k) ? v === 'true' : v,
    ]),
  );
  return JSON.stringify(typed, null, 2) + '\n';
}

function render(source: Source, rows: Row[]): Array<[string, string]> {
  if (source.render === 'csv') {
    const groups = new Map<string, Row[]>();
    for (const row of rows) {
      const key = row[source.groupBy!]!;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return [...groups.values()].map((group) => [
      fill(source.path, group[0]!),
      Papa.unparse(group) + '\n',
    ]);
  }
  const write = source.render === 'json' ? json : markdown;
  return rows.map((row) => [fill(source.path, row), write(source, row)]);
}

/** The files made from records for the fileset folder `folder`. */
export function recordFiles(folder: string): RecordFile[] {
  return readData('fileset-records/manifest.json', z.array(source))
    .filter((entry) => entry.fileset === folder)
    .flatMap((entry) => render(entry, readCsv(`fileset-records/${entry.source}`)))
    .map(([filePath, body]) => ({ path: filePath, body: Buffer.from(body) }));
}
