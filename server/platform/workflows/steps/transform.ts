import { transformStep } from '../../../../src/api/contract';
import { badRequest } from '../../core/errors';
import { StepFailure } from '../errors';
import type { StepKind } from './types';

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** Keeps the `select`ed keys of an item; a document's fields are under `content`. */
function picker(select: string[] | undefined) {
  return (item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const object = item as Record<string, unknown>;
    const fields =
      object.content && typeof object.content === 'object'
        ? { ...object, ...(object.content as Record<string, unknown>) }
        : object;
    if (!select) return fields;
    return Object.fromEntries(select.filter((k) => k in fields).map((k) => [k, fields[k]]));
  };
}

/** The items of a list source: the list itself, or the `documents` of a query's output. */
function listOf(source: unknown) {
  if (Array.isArray(source)) return source as unknown[];
  if (
    source &&
    typeof source === 'object' &&
    Array.isArray((source as { documents?: unknown }).documents)
  )
    return (source as { documents: unknown[] }).documents;
  return undefined;
}

/**
 * The source is an earlier step's output (`from`) or the run input; `require` names keys it must
 * have, `select` keeps keys (of each item of a list, or of `{documents}`), `set` adds keys whose
 * values may hold references (within the step's expansion budget).
 */
export const transform: StepKind<'transform'> = {
  schema: transformStep,
  resumable: true,
  live: false,
  check(step, at, earlier) {
    if (step.from !== undefined && !earlier.has(step.from))
      throw badRequest(`${at('from')}: "${step.from}" is not an earlier step`);
  },
  execute(step, ctx) {
    const source = step.from === undefined ? ctx.refs.input : ctx.refs.outputs[step.from];
    const pick = picker(step.select);
    const list = listOf(source);
    const where = step.from === undefined ? 'input' : `steps.${step.from}.output`;
    if (step.require) {
      const missing = new Set<string>();
      for (const item of list ?? [source]) {
        const fields = pick(item) as Record<string, unknown> | null;
        for (const key of step.require)
          if (!fields || typeof fields !== 'object' || empty(fields[key])) missing.add(key);
      }
      if (missing.size)
        throw new StepFailure(`${[...missing].map((k) => `${where}.${k}`).join(', ')} required`);
    }
    const set = step.set ? ctx.resolve(step.set) : {};
    if (list) return Promise.resolve({ items: list.map(pick), count: list.length, ...set });
    const picked = pick(source);
    return Promise.resolve({
      ...(picked && typeof picked === 'object' ? picked : { value: picked }),
      ...set,
    });
  },
};
