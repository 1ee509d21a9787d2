import type { JsonObject } from '../../../../src/api/contract';
import { badRequest } from '../../core/errors';

/**
 * Partial update (gaps.md): MongoDB update operators over a document's content. Paths name
 * content fields, as `content.a.b` (the form queries use) or `a.b`.
 */
export const updateOperators = [
  '$set',
  '$unset',
  '$inc',
  '$min',
  '$max',
  '$mul',
  '$rename',
  '$currentDate',
  '$addToSet',
  '$pop',
  '$pullAll',
] as const;
export type UpdateOperator = (typeof updateOperators)[number];

export interface UpdateStep {
  op: UpdateOperator;
  path: string[];
  /** As the caller wrote it, for messages. */
  name: string;
  arg: unknown;
}

const documentFields = new Set([
  'id',
  'owner',
  'createdOn',
  'updatedOn',
  'createdBy',
  'updatedBy',
  'datastoreId',
  'collectionId',
  'syncRequired',
  'content',
]);

const isOperator = (op: string): op is UpdateOperator =>
  (updateOperators as readonly string[]).includes(op);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names that would reach an object's prototype rather than a field of the document. */
const unsafeKeys = new Set(['__proto__', 'constructor', 'prototype']);
/** How far past an array's end a write may pad it with nulls. */
const MAX_ARRAY_PADDING = 10_000;

function contentPath(name: string, op: string): string[] {
  const bare = name.startsWith('content.') ? name.slice('content.'.length) : name;
  const path = bare.split('.');
  if (path.some((s) => s === '')) throw badRequest(`${op}: bad field name ${name}`);
  if (path.some((s) => unsafeKeys.has(s)))
    throw badRequest(`${op}: ${name} is not a field name that can be updated`);
  if (bare === name && documentFields.has(path[0]!))
    throw badRequest(`${op}: ${name} is not a content field; only content can be updated`);
  return path;
}

/** Checks the whole operation before any document is touched. */
export function parseOperation(operation: Record<string, unknown>): UpdateStep[] {
  const steps: UpdateStep[] = [];
  for (const [op, fields] of Object.entries(operation)) {
    if (!isOperator(op))
      throw badRequest(`operation: unknown operator ${op} (use ${updateOperators.join(' ')})`);
    if (!isObject(fields)) throw badRequest(`operation.${op}: expected an object of fields`);
    for (const [name, arg] of Object.entries(fields)) {
      steps.push({ op, name, path: contentPath(name, op), arg: checkArgument(op, name, arg) });
    }
  }
  if (steps.length === 0) throw badRequest('operation: give at least one operator and field');
  const touched = steps.flatMap((s) => [
    s.path,
    ...(s.op === '$rename' ? [contentPath(String(s.arg), s.op)] : []),
  ]);
  const keys = touched.map((p) => p.join('.'));
  keys.forEach((a, i) =>
    keys.forEach((b, j) => {
      if (i < j && (a === b || b.startsWith(`${a}.`) || a.startsWith(`${b}.`)))
        throw badRequest(`operation: conflicting updates at content.${a} and content.${b}`);
    }),
  );
  return steps;
}

function checkArgument(op: UpdateOperator, name: string, arg: unknown): unknown {
  const fail = (what: string) => badRequest(`${op} at ${name} expects ${what}`);
  switch (op) {
    case '$inc':
    case '$mul':
      if (typeof arg !== 'number') throw fail('a number');
      return arg;
    case '$rename':
      if (typeof arg !== 'string' || arg === '') throw fail('the new field name');
      return arg;
    case '$currentDate':
      if (arg !== true && !(isObject(arg) && (arg.$type === 'date' || arg.$type === 'timestamp')))
        throw fail('true or {"$type": "date"}');
      return arg;
    case '$pop':
      if (arg !== 1 && arg !== -1) throw fail('1 (last) or -1 (first)');
      return arg;
    case '$pullAll':
      if (!Array.isArray(arg)) throw fail('an array of values');
      return arg;
    case '$addToSet':
      if (isObject(arg) && Object.hasOwn(arg, '$each') && !Array.isArray(arg.$each))
        throw fail('{"$each": [...]}');
      return arg;
    default:
      return arg;
  }
}

/** Key order does not matter in JSON objects (nor in jsonb): compare a canonical form. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : isObject(v)
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

export const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** MongoDB's order of types for $min and $max across types: null, numbers, strings, objects, arrays, booleans. */
const typeRank = (v: unknown) =>
  v === null
    ? 1
    : typeof v === 'number'
      ? 2
      : typeof v === 'string'
        ? 3
        : Array.isArray(v)
          ? 5
          : isObject(v)
            ? 4
            : 8;
const compareJson = (a: unknown, b: unknown) => {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return canonical(a) < canonical(b) ? -1 : canonical(a) > canonical(b) ? 1 : 0;
};

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

function read(root: JsonObject, path: string[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (!isContainer(node)) return undefined;
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else node = Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return node;
}

function write(root: JsonObject, path: string[], value: unknown, label: string) {
  let node: Container = root;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(key)) throw badRequest(`${label}: ${key} is not an index of an array`);
      const index = Number(key);
      if (index > node.length + MAX_ARRAY_PADDING)
        throw badRequest(`${label}: index ${key} is too far past the array's end (${node.length})`);
      while (node.length < index) node.push(null);
      if (last) node[index] = value;
      else {
        if (!isContainer(node[index])) node[index] = {};
        node = node[index] as Container;
      }
      return;
    }
    if (last) {
      node[key] = value;
      return;
    }
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (next === undefined || next === null) node[key] = {};
    else if (!isContainer(next))
      throw badRequest(
        `${label}: cannot create ${path.slice(i + 1).join('.')} inside a ${typeof next}`,
      );
    node = node[key] as Container;
  });
}

function remove(root: JsonObject, path: string[]) {
  const parent = read(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (Array.isArray(parent)) {
    if (/^\d+$/.test(key) && Number(key) < parent.length) parent[Number(key)] = null;
  } else if (isObject(parent) && Object.hasOwn(parent, key)) delete parent[key];
}

/** The sync's DATETIME form (gaps.md), so a $currentDate field syncs. */
const nowText = (now: Date) => now.toISOString().slice(0, 19) + 'Z';

/** Applies the steps to a copy of `content`; `label` names the document in messages. */
export function applyUpdate(
  content: JsonObject,
  steps: UpdateStep[],
  now: Date,
  label: string,
): JsonObject {
  const doc = structuredClone(content);
  for (const { op, path, name, arg } of steps) {
    const at = `${op} at ${name} (document ${label})`;
    const current = read(doc, path);
    switch (op) {
      case '$set':
        write(doc, path, structuredClone(arg), at);
        break;
      case '$unset':
        remove(doc, path);
        break;
      case '$inc':
      case '$mul': {
        if (current !== undefined && typeof current !== 'number')
          throw badRequest(`${at}: the field holds ${JSON.stringify(current)}, not a number`);
        const n = arg as number;
        const result = op === '$inc' ? (current ?? 0) + n : (current ?? 0) * n;
        // JSON has no Infinity: it would be stored as null without a word.
        if (!Number.isFinite(result)) throw badRequest(`${at}: the result is out of range`);
        write(doc, path, result, at);
        break;
      }
      case '$min':
      case '$max':
        if (
          current === undefined ||
          (op === '$min' ? compareJson(arg, current) < 0 : compareJson(arg, current) > 0)
        )
          write(doc, path, structuredClone(arg), at);
        break;
      case '$rename':
        if (current !== undefined) {
          remove(doc, path);
          write(doc, contentPath(arg as string, op), current, at);
        }
        break;
      case '$currentDate':
        write(doc, path, nowText(now), at);
        break;
      case '$addToSet': {
        if (current !== undefined && !Array.isArray(current))
          throw badRequest(`${at}: the field is not an array`);
        const list = current ?? [];
        const adds = isObject(arg) && Array.isArray(arg.$each) ? arg.$each : [arg];
        for (const v of adds) if (!list.some((x) => sameJson(x, v))) list.push(structuredClone(v));
        write(doc, path, list, at);
        break;
      }
      case '$pop':
        if (current === undefined) break;
        if (!Array.isArray(current)) throw badRequest(`${at}: the field is not an array`);
        if (arg === 1) current.pop();
        else current.shift();
        break;
      case '$pullAll': {
        if (current === undefined) break;
        if (!Array.isArray(current)) throw badRequest(`${at}: the field is not an array`);
        const pulled = current.filter((x) => !(arg as unknown[]).some((v) => sameJson(x, v)));
        write(doc, path, pulled, at);
        break;
      }
    }
  }
  return doc;
}
