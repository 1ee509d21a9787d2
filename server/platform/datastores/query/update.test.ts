import { describe, expect, it } from 'vitest';
import { applyUpdate, parseOperation } from './update';

const now = new Date('2026-03-04T05:06:07.890Z');
const apply = (content: Record<string, unknown>, operation: Record<string, unknown>) =>
  applyUpdate(content, parseOperation(operation), now, 'doc-1');

describe('partial update operators', () => {
  it('$set creates nested fields and accepts paths with or without content.', () => {
    expect(apply({ a: 1 }, { $set: { 'content.b.c': 2, d: [1] } })).toEqual({
      a: 1,
      b: { c: 2 },
      d: [1],
    });
  });

  it('$set writes into an array by index, padding with null', () => {
    expect(apply({ t: ['a'] }, { $set: { 't.2': 'c' } })).toEqual({ t: ['a', null, 'c'] });
  });

  it('$unset removes a field, and ignores a missing one', () => {
    expect(apply({ a: 1, b: { c: 2, d: 3 } }, { $unset: { 'b.c': '', x: '' } })).toEqual({
      a: 1,
      b: { d: 3 },
    });
  });

  it('$inc and $mul work on numbers, starting from 0 when missing', () => {
    expect(apply({ a: 1 }, { $inc: { a: 2, b: 5 } })).toEqual({ a: 3, b: 5 });
    expect(apply({ a: 3 }, { $mul: { a: 2, b: 5 } })).toEqual({ a: 6, b: 0 });
  });

  it('$min and $max keep the smaller or larger value', () => {
    expect(apply({ a: 5, b: 5 }, { $min: { a: 3, b: 9 } })).toEqual({ a: 3, b: 5 });
    expect(apply({ a: 5, s: 'b' }, { $max: { a: 9, s: 'a', n: 1 } })).toEqual({
      a: 9,
      s: 'b',
      n: 1,
    });
  });

  it('$rename moves a value to a new name', () => {
    expect(apply({ a: 1, b: 2 }, { $rename: { a: 'content.x.y' } })).toEqual({ b: 2, x: { y: 1 } });
    expect(apply({ b: 2 }, { $rename: { a: 'z' } })).toEqual({ b: 2 });
  });

  it('$currentDate writes the time in the DATETIME form that syncs', () => {
    expect(apply({}, { $currentDate: { at: true, on: { $type: 'date' } } })).toEqual({
      at: '2026-03-04T05:06:07Z',
      on: '2026-03-04T05:06:07Z',
    });
  });

  it('$addToSet adds values not already present, one or $each', () => {
    expect(apply({ t: ['a'] }, { $addToSet: { t: 'a' } })).toEqual({ t: ['a'] });
    expect(
      apply({ t: [{ k: 1, j: 2 }] }, { $addToSet: { t: { $each: [{ j: 2, k: 1 }, 'b', 'b'] } } }),
    ).toEqual({
      t: [{ k: 1, j: 2 }, 'b'],
    });
    expect(apply({}, { $addToSet: { t: 1 } })).toEqual({ t: [1] });
  });

  it('$pop removes the last (1) or first (-1) element', () => {
    expect(apply({ t: [1, 2, 3] }, { $pop: { t: 1 } })).toEqual({ t: [1, 2] });
    expect(apply({ t: [1, 2, 3] }, { $pop: { t: -1 } })).toEqual({ t: [2, 3] });
  });

  it('$pullAll removes every instance of the values', () => {
    expect(apply({ t: [1, 2, 1, 3, { a: 1 }] }, { $pullAll: { t: [1, { a: 1 }] } })).toEqual({
      t: [2, 3],
    });
  });

  it('leaves the original content untouched', () => {
    const content = { t: [1, 2] };
    apply(content, { $pop: { t: 1 } });
    expect(content).toEqual({ t: [1, 2] });
  });
});

describe('partial update refusals', () => {
  it('names unknown operators and replacement documents', () => {
    expect(() => parseOperation({ $push: { a: 1 } })).toThrow('operation: unknown operator $push');
    expect(() => parseOperation({ a: 1 })).toThrow('operation: unknown operator a');
    expect(() => parseOperation({})).toThrow('operation: give at least one operator and field');
    expect(() => parseOperation({ $set: 5 })).toThrow(
      'operation.$set: expected an object of fields',
    );
  });

  it('refuses arguments of the wrong type', () => {
    expect(() => parseOperation({ $inc: { a: '1' } })).toThrow('$inc at a expects a number');
    expect(() => parseOperation({ $pop: { a: 2 } })).toThrow(
      '$pop at a expects 1 (last) or -1 (first)',
    );
    expect(() => parseOperation({ $pullAll: { a: 1 } })).toThrow(
      '$pullAll at a expects an array of values',
    );
    expect(() => parseOperation({ $rename: { a: 3 } })).toThrow(
      '$rename at a expects the new field name',
    );
    expect(() => parseOperation({ $currentDate: { a: 'now' } })).toThrow(
      '$currentDate at a expects true',
    );
  });

  it('refuses document fields and conflicting paths', () => {
    expect(() => parseOperation({ $set: { owner: 2 } })).toThrow('owner is not a content field');
    expect(() => parseOperation({ $set: { 'content.a': 1 }, $inc: { 'a.b': 1 } })).toThrow(
      'conflicting updates',
    );
  });

  it('refuses to apply to values of the wrong type, naming the document', () => {
    expect(() => apply({ a: 'x' }, { $inc: { a: 1 } })).toThrow(
      '$inc at a (document doc-1): the field holds "x", not a number',
    );
    expect(() => apply({ a: 1 }, { $addToSet: { a: 1 } })).toThrow('the field is not an array');
    expect(() => apply({ a: 1 }, { $set: { 'a.b': 1 } })).toThrow(
      'cannot create b inside a number',
    );
  });
});
