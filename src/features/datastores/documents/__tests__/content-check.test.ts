import { describe, expect, it } from 'vitest';
import type { CollectionColumn } from '../../../../api/contract';
import { checkContent, columnWarnings } from '../lib/content-check';

const columns: CollectionColumn[] = [
  { name: 'name', type: 'STRING' },
  { name: 'quantity', type: 'LONG' },
  { name: 'price', type: 'DECIMAL' },
  { name: 'ratio', type: 'DOUBLE' },
  { name: 'orderDate', type: 'DATE' },
  { name: 'shippedAt', type: 'DATETIME' },
];

describe('the content editor: invalid JSON refuses, a misfit warns', () => {
  it('refuses invalid JSON and content that is not an object', () => {
    expect(checkContent('{"quantity": }', columns)).toMatchObject({ kind: 'invalid' });
    expect(checkContent('{"quantity": }', columns)).toMatchObject({
      message: expect.stringMatching(/^Invalid JSON: line 1, column 14/) as string,
    });
    expect(checkContent('[]', columns)).toEqual({
      kind: 'invalid',
      message: 'The content must be a JSON object: {…}',
    });
  });

  it('accepts values that fit, missing values and nulls', () => {
    const content = {
      name: 42,
      quantity: 10,
      price: '12.50',
      ratio: 0.5,
      orderDate: '2026-03-01',
      shippedAt: '2026-03-01T10:00:00Z',
    };
    expect(columnWarnings(content, columns)).toEqual([]);
    expect(columnWarnings({ quantity: null }, columns)).toEqual([]);
    expect(columnWarnings({}, columns)).toEqual([]);
  });

  it('warns, column by column, where the sync would fail', () => {
    const warnings = columnWarnings(
      {
        quantity: 'ten',
        price: 'cheap',
        ratio: true,
        orderDate: '03/01/2026',
        shippedAt: '2026-03-01 10:00',
      },
      columns,
    );
    expect(warnings.map((w) => w.message)).toEqual([
      'quantity (LONG) is "ten": expected a whole number',
      'price (DECIMAL) is "cheap": expected a number',
      'ratio (DOUBLE) is true: expected a number',
      'orderDate (DATE) is "03/01/2026": expected a date as YYYY-MM-DD',
      'shippedAt (DATETIME) is "2026-03-01 10:00": expected a date and time as YYYY-MM-DDTHH:MM:SSZ',
    ]);
  });

  it('knows the calendar and the clock', () => {
    expect(columnWarnings({ quantity: 1.5 }, columns)).toHaveLength(1);
    expect(columnWarnings({ orderDate: '2026-02-30' }, columns)).toHaveLength(1);
    expect(columnWarnings({ shippedAt: '2026-03-01T24:00:00Z' }, columns)).toHaveLength(1);
    expect(columnWarnings({ shippedAt: '2026-03-01T10:00:00.000Z' }, columns)).toHaveLength(1);
  });

  it('gives the content with its warnings when the JSON is valid', () => {
    expect(checkContent('{"quantity": "ten"}', columns)).toEqual({
      kind: 'valid',
      content: { quantity: 'ten' },
      warnings: [
        { column: 'quantity', message: 'quantity (LONG) is "ten": expected a whole number' },
      ],
    });
  });
});
