import type { z } from 'zod';
import {
  REFERENCE_PATTERN,
  WORKFLOW_LIMITS,
  createWorkflowBody,
  updateWorkflowBody,
  type JsonObject,
  type StepCondition,
  type WorkflowDefinition,
  type WorkflowInput,
  type WorkflowStep,
} from '../../../src/api/contract';
import { badRequest } from '../core/errors';
import { parseSort } from '../datastores/query/plan';

/** `definition.steps[1].seconds`: a path as a person reads it. */
export function pathText(path: ReadonlyArray<PropertyKey>) {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

function describe(error: z.ZodError) {
  const issue = error.issues[0];
  if (!issue) return 'invalid body';
  const where = issue.path.length ? pathText(issue.path) : 'body';
  // An unknown step type is reported by the union without naming the allowed ones.
  if (issue.code === 'invalid_union' && issue.path.at(-1) === 'type')
    return `${where}: unknown step type; one of generate, documents.create, documents.query, export, stream.run, transform, wait, notify, fail, http`;
  return `${where}: ${issue.message}`;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null));

/** Every reference in a value (strings anywhere inside it), with the path it sits at. */
function* referencesIn(
  value: unknown,
  path: Array<string | number>,
): Generator<{ root: string; rest: string; path: Array<string | number> }> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(REFERENCE_PATTERN)) yield { root: m[1]!, rest: m[2]!, path };
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* referencesIn(v, [...path, i]);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* referencesIn(v, [...path, k]);
  }
}

/**
 * What a schema cannot see: step ids once each, references and `from` to earlier steps only,
 * `${input.x}` to a declared input when inputs are declared, and the size of the definition.
 */
export function checkDefinition(definition: WorkflowDefinition) {
  if (bytes(definition) > WORKFLOW_LIMITS.definitionBytes)
    throw badRequest(`definition: larger than ${WORKFLOW_LIMITS.definitionBytes} bytes as JSON`);
  const inputs = definition.inputs;
  const names = new Set<string>();
  for (const [i, input] of (inputs ?? []).entries()) {
    if (names.has(input.name))
      throw badRequest(`definition.inputs[${i}].name: "${input.name}" is declared twice`);
    names.add(input.name);
    if (input.default !== undefined && typeOfValue(input.default, input.type) === undefined)
      throw badRequest(`definition.inputs[${i}].default: not a ${input.type}`);
  }
  const earlier = new Set<string>();
  for (const [i, step] of definition.steps.entries()) {
    const at = (...rest: Array<string | number>) => pathText(['definition', 'steps', i, ...rest]);
    if (earlier.has(step.id)) throw badRequest(`${at('id')}: the id "${step.id}" is used twice`);
    if (step.type === 'documents.query' && step.orderby !== undefined) {
      try {
        parseSort(step.orderby);
      } catch (error) {
        throw badRequest(`${at('orderby')}: ${(error as Error).message}`);
      }
    }
    if (step.type === 'transform' && step.from !== undefined && !earlier.has(step.from))
      throw badRequest(`${at('from')}: "${step.from}" is not an earlier step`);
    const { id: _id, type: _type, name: _name, ...settings } = step;
    for (const ref of referencesIn(settings, [])) {
      const where = at(...ref.path);
      if (ref.root === 'input') {
        const first = ref.rest.split('.')[1];
        if (inputs && first !== undefined && !names.has(first))
          throw badRequest(`${where}: \${input.${first}} is not a declared input`);
      } else {
        const target = ref.root.split('.')[1]!;
        if (!earlier.has(target))
          throw badRequest(
            `${where}: \${${ref.root}${ref.rest}} refers to "${target}", which is not an earlier step`,
          );
      }
    }
    earlier.add(step.id);
  }
}

export function parseCreate(value: unknown) {
  const result = createWorkflowBody.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error));
  checkDefinition(result.data.definition);
  return result.data;
}

export function parseUpdate(value: unknown) {
  const result = updateWorkflowBody.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error));
  if (result.data.definition) checkDefinition(result.data.definition);
  return result.data;
}

function typeOfValue(value: unknown, type: WorkflowInput['type']): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'json':
      return value;
  }
}

/** The run input with declared defaults filled; 400 naming a missing or mistyped input. */
export function runInput(definition: WorkflowDefinition, given: JsonObject | undefined) {
  const input: JsonObject = { ...(given ?? {}) };
  if (bytes(input) > WORKFLOW_LIMITS.inputBytes)
    throw badRequest(`input: larger than ${WORKFLOW_LIMITS.inputBytes} bytes as JSON`);
  for (const declared of definition.inputs ?? []) {
    const value = input[declared.name];
    if (value === undefined || value === null) {
      if (declared.default !== undefined) input[declared.name] = declared.default;
      else if (declared.required)
        throw badRequest(`input.${declared.name}: required (${declared.type})`);
      continue;
    }
    if (typeOfValue(value, declared.type) === undefined)
      throw badRequest(`input.${declared.name}: expected a ${declared.type}`);
  }
  return input;
}

export interface ReferenceContext {
  input: JsonObject;
  outputs: Record<string, unknown>;
}

export class ReferenceError extends Error {}

function lookup(ref: string, rest: string, ctx: ReferenceContext): unknown {
  let value: unknown;
  if (ref === 'input') value = ctx.input;
  else {
    const id = ref.split('.')[1]!;
    if (!Object.hasOwn(ctx.outputs, id))
      throw new ReferenceError(`\${${ref}${rest}}: step ${id} has no output`);
    value = ctx.outputs[id];
  }
  for (const key of rest.split('.').slice(1)) {
    if (value !== null && typeof value === 'object' && Object.hasOwn(value, key))
      value = (value as Record<string, unknown>)[key];
    else throw new ReferenceError(`\${${ref}${rest}} has no value`);
  }
  return value;
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** Resolves every reference inside `value` (strings anywhere inside it). */
export function resolve<T>(value: T, ctx: ReferenceContext, { dottedOnly = false } = {}): T {
  if (typeof value === 'string') {
    const whole = new RegExp(`^${REFERENCE_PATTERN.source}$`).exec(value);
    if (whole && !(dottedOnly && whole[1] === 'input' && !whole[2]))
      return lookup(whole[1]!, whole[2]!, ctx) as T;
    return value.replace(REFERENCE_PATTERN, (all, ref: string, rest: string) =>
      dottedOnly && ref === 'input' && !rest ? all : asText(lookup(ref, rest, ctx)),
    ) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => resolve(v, ctx, { dottedOnly })) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolve(v, ctx, { dottedOnly })]),
    ) as T;
  return value;
}

/** A `fail` step's condition, once its references are resolved. */
export function holds(condition: StepCondition | undefined, ctx: ReferenceContext) {
  if (!condition) return true;
  const missing = (v: unknown) => v === undefined || v === null || v === '';
  let value: unknown;
  try {
    value = resolve(condition.value, ctx);
  } catch (error) {
    if (error instanceof ReferenceError) value = undefined;
    else throw error;
  }
  if (condition.op === 'exists') return !missing(value);
  if (condition.op === 'missing') return missing(value);
  const to = resolve(condition.to, ctx);
  const same = JSON.stringify(value) === JSON.stringify(to) || String(value) === String(to);
  if (condition.op === 'eq') return same;
  if (condition.op === 'ne') return !same;
  const [a, b] =
    typeof value === 'number' || typeof to === 'number'
      ? [Number(value), Number(to)]
      : [String(value), String(to)];
  if (condition.op === 'gt') return a > b;
  if (condition.op === 'gte') return a >= b;
  if (condition.op === 'lt') return a < b;
  return a <= b;
}

export type { WorkflowStep };
