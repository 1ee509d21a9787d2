import { z } from 'zod';
import type { WorkflowInput } from '../../../api/contract';

/** The form's values: text for string, number and json inputs, a flag for booleans. */
export type InputValues = Record<string, string | boolean>;

const textOf = (value: unknown, type: WorkflowInput['type']) => {
  if (value === undefined || value === null) return '';
  if (type === 'json' || typeof value === 'object') return JSON.stringify(value, null, 2);
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** Each input starts at its default, or at what a previous run was given (Re-run). */
export function initialValues(inputs: WorkflowInput[], given: Record<string, unknown> = {}) {
  const values: InputValues = {};
  for (const input of inputs) {
    const value = input.name in given ? given[input.name] : input.default;
    values[input.name] = input.type === 'boolean' ? value === true : textOf(value, input.type);
  }
  return values;
}

function fieldSchema(input: WorkflowInput) {
  const required = input.required === true;
  switch (input.type) {
    case 'boolean':
      return z.boolean();
    case 'number':
      return z.string().superRefine((text, ctx) => {
        if (text.trim() === '') {
          if (required) ctx.addIssue({ code: 'custom', message: 'A number is required' });
        } else if (!Number.isFinite(Number(text)))
          ctx.addIssue({ code: 'custom', message: 'Not a number' });
      });
    case 'json':
      return z.string().superRefine((text, ctx) => {
        if (text.trim() === '') {
          if (required) ctx.addIssue({ code: 'custom', message: 'A JSON value is required' });
          return;
        }
        try {
          JSON.parse(text);
        } catch (error) {
          ctx.addIssue({
            code: 'custom',
            message: `Not JSON: ${error instanceof Error ? error.message : 'cannot parse'}`,
          });
        }
      });
    default:
      return required ? z.string().trim().min(1, 'Required') : z.string();
  }
}

/** Checks the form's values against the declared inputs (required, number, JSON). */
export const inputFormSchema = (inputs: WorkflowInput[]) =>
  z.object(Object.fromEntries(inputs.map((input) => [input.name, fieldSchema(input)])));

/** The run's input: typed values; an empty optional field is left out. */
export function toRunInput(inputs: WorkflowInput[], values: InputValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const { name, type } of inputs) {
    const value = values[name];
    if (type === 'boolean') input[name] = value === true;
    else if (typeof value !== 'string' || value.trim() === '') continue;
    else if (type === 'number') input[name] = Number(value);
    else if (type === 'json') input[name] = JSON.parse(value) as unknown;
    else input[name] = value;
  }
  return input;
}
