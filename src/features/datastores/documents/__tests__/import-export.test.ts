import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportFileName, toCsv, toJson } from '../lib/export-format';
import { importChunks } from '../lib/import-chunks';
import { parseImport } from '../lib/import-parse';
import { aDocument } from './fixtures';

describe('parseImport', () => {
  it('reads a JSON array of objects', () => {
    expect(parseImport('[{"a": 1}, {"b": [2]}]')).toEqual({
      format: 'json',
      documents: [{ a: 1 }, { b: [2] }],
      errors: [],
    });
  });

  it('reads NDJSON, skipping blank lines (and a byte order mark, and CRLF)', () => {
    expect(parseImport('\uFEFF{"a": 1}\r\n\r\n{"b": 2}\r\n')).toEqual({
      format: 'ndjson',
      documents: [{ a: 1 }, { b: 2 }],
      errors: [],
    });
  });

  it('names each bad NDJSON line by its number', () => {
    const parsed = parseImport('{"a": 1}\n{"a": \n\n[1, 2]\n"text"\n{"b": 2}');
    expect(parsed.documents).toEqual([{ a: 1 }, { b: 2 }]);
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 4, 5]);
    expect(parsed.errors[1]?.message).toBe('expected a JSON object, found an array');
    expect(parsed.errors[2]?.message).toBe('expected a JSON object, found a string');
  });

  it('names the line of a JSON syntax error and of an item that is not an object', () => {
    const broken = parseImport('[\n  {"a": 1},\n  {"a": }\n]');
    expect(broken.documents).toEqual([]);
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0]?.line).toBe(3);

    const mixed = parseImport('[\n  {"a": 1},\n  42,\n  {"b": "x,]"},\n  null\n]');
    expect(mixed.documents).toEqual([{ a: 1 }, { b: 'x,]' }]);
    expect(mixed.errors).toEqual([
      { line: 3, message: 'item 2: expected a JSON object, found a number' },
      { line: 5, message: 'item 4: expected a JSON object, found null' },
    ]);
  });

  it('imports the content of an exported document, and any other object as it is', () => {
    const exported = aDocument('doc-1', { region: 'North' });
    expect(parseImport(toJson([exported])).documents).toEqual([{ region: 'North' }]);
    expect(parseImport('{"content": {"x": 1}}').documents).toEqual([{ x: 1 }]);
    expect(parseImport('{"content": {"x": 1}, "other": 2}').documents).toEqual([
      { content: { x: 1 }, other: 2 },
    ]);
  });
});

describe('importChunks: bulk create calls of at most 1,000 documents', () => {
  it('splits by count', () => {
    const documents = Array.from({ length: 2_500 }, (_, i) => ({ i }));
    expect(importChunks(documents).map((c) => c.length)).toEqual([1_000, 1_000, 500]);
    expect(importChunks([])).toEqual([]);
  });

  it('splits by size too', () => {
    const big = { text: 'x'.repeat(100) };
    expect(importChunks([big, big, big], 1_000, 250).map((c) => c.length)).toEqual([2, 1]);
  });
});

describe('CSV export', () => {
  const columns = [
    { name: 'region', type: 'STRING' as const },
    { name: 'quantity', type: 'LONG' as const },
    { name: 'tags', type: 'STRING' as const },
  ];

  it('has the id, the schema columns and the timestamps, quoted where needed', () => {
    const csv = toCsv(
      [
        aDocument('doc-1', { region: 'North, upper', quantity: 3, tags: ['a', 'b'], extra: 1 }),
        aDocument('doc-2', { region: 'Say "hi"\nthere', quantity: null }),
      ],
      columns,
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,region,quantity,tags,createdOn,updatedOn');
    expect(lines[1]).toBe(
      'doc-1,"North, upper",3,"[""a"",""b""]",2026-03-01T09:00:00.000Z,2026-03-02T10:30:00.000Z',
    );
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed[2]).toEqual([
      'doc-2',
      'Say "hi"\nthere',
      '',
      '',
      '2026-03-01T09:00:00.000Z',
      '2026-03-02T10:30:00.000Z',
    ]);
  });

  it('writes the whole content as JSON when the collection has no schema', () => {
    const csv = toCsv([aDocument('n-1', { note: 'hello' })], []);
    expect(Papa.parse<string[]>(csv).data).toEqual([
      ['id', 'content', 'createdOn', 'updatedOn'],
      ['n-1', '{"note":"hello"}', '2026-03-01T09:00:00.000Z', '2026-03-02T10:30:00.000Z'],
    ]);
  });

  it('names the file after the collection', () => {
    expect(exportFileName('orders', 'csv')).toBe('orders.csv');
    expect(exportFileName('ticket notes', 'json')).toBe('ticket notes.json');
    expect(exportFileName('a/b:c', 'csv')).toBe('a-b-c.csv');
    expect(exportFileName('  ', 'json')).toBe('documents.json');
  });
});
