import type { z } from 'zod';
import {
  REFERENCE_PATTERN,
  WORKFLOW_LIMITS,
  createWorkflowBody,
  updateWorkflowBody,
  type JsonObject,
  type WorkflowDefinition,
  type WorkflowInput,
} from '../../../src/api/contract';
import { badRequest } from '../core/errors';
import { kindOf, stepKinds } from './steps';

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
    return `${where}: unknown step type; one of ${Object.keys(stepKinds).join(', ')}`;
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
    kindOf(step.type)?.check?.(step, at, earlier);
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

/** A create's body as its schema reads it, 400 naming the field; its rules: `checkDefinition`. */
export function createBody(value: unknown) {
  const result = createWorkflowBody.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error));
  return result.data;
}

/** An update's body as its schema reads it, 400 naming the field. */
export function updateBody(value: unknown) {
  const result = updateWorkflowBody.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error));
  return result.data;
}

export function parseCreate(value: unknown) {
  const body = createBody(value);
  checkDefinition(body.definition);
  return body;
}

export function parseUpdate(value: unknown) {
  const body = updateBody(value);
  if (body.definition) checkDefinition(body.definition);
  return body;
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

export { holds, ReferenceError, resolve, type ReferenceContext } from './references';
