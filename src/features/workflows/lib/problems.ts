import { createWorkflowBody } from '../../../api/contract';
import { isApiError } from '../../../api/errors';
import type { Draft } from './draft';
import { draftBody } from './draft';

/** Where a problem of the definition belongs: a field of a step or input, the whole of one, or the form. */
export interface Problems {
  name?: string;
  description?: string;
  /** Per step index: field key → message; `''` is the step as a whole. */
  steps: Record<number, Record<string, string>>;
  inputs: Record<number, Record<string, string>>;
  general: string[];
}

export const noProblems = (): Problems => ({ steps: {}, inputs: {}, general: [] });

export const hasProblems = (p: Problems) =>
  p.name !== undefined ||
  p.description !== undefined ||
  Object.keys(p.steps).length > 0 ||
  Object.keys(p.inputs).length > 0 ||
  p.general.length > 0;

function place(problems: Problems, path: readonly PropertyKey[], message: string) {
  const [root, ...rest] = path[0] === 'definition' ? path.slice(1) : path;
  const top = path[0] === 'definition' ? 'definition' : root;
  if (top === 'name' || top === 'description') {
    problems[top] ??= message;
    return;
  }
  if ((root === 'steps' || root === 'inputs') && typeof rest[0] === 'number') {
    const at = (problems[root][rest[0]] ??= {});
    const key = typeof rest[1] === 'string' ? rest[1] : '';
    at[key] ??= message;
    return;
  }
  const where = path.length ? `${path.map(String).join('.')}: ` : '';
  problems.general.push(`${where}${message}`);
}

/** The contract's own checks, placed on the step and field they concern. */
export function checkDraft(draft: Draft): Problems {
  const problems = noProblems();
  const parsed = createWorkflowBody.safeParse(draftBody(draft));
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    // A step of an unknown or missing type: zod names the discriminator.
    place(problems, issue.path, issue.message);
  }
  return problems;
}

/** `definition.steps[2].seconds`, `steps[0]`, `definition.inputs[1].name`, `name`. */
const FIELD_PATH =
  /\b((?:definition\.)?(?:steps|inputs)\[(\d+)\](?:\.([A-Za-z_][\w-]*))?|name|description)\s*:\s*/;

/** A 400 of the platform names the field: `definition.steps[1].seconds: at most 3600 seconds`. */
export function platformProblems(error: unknown): Problems | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  const problems = noProblems();
  for (const part of error.message.split(/;\s*|\n/)) {
    const match = FIELD_PATH.exec(part);
    if (!match) {
      if (part.trim()) problems.general.push(part.trim());
      continue;
    }
    const message = part.slice(match.index + match[0].length).trim() || part.trim();
    const [, whole, index, key] = match;
    if (whole === 'name' || whole === 'description') place(problems, [whole], message);
    else {
      const list = whole?.includes('inputs[') ? 'inputs' : 'steps';
      place(problems, [list, Number(index), ...(key ? [key] : [])], message);
    }
  }
  return problems;
}

export function mergeProblems(a: Problems, b: Problems | undefined): Problems {
  if (!b) return a;
  const merge = (x: Problems['steps'], y: Problems['steps']) => {
    const out: Problems['steps'] = { ...x };
    for (const [i, fields] of Object.entries(y)) out[Number(i)] = { ...fields, ...out[Number(i)] };
    return out;
  };
  return {
    name: a.name ?? b.name,
    description: a.description ?? b.description,
    steps: merge(a.steps, b.steps),
    inputs: merge(a.inputs, b.inputs),
    general: [...a.general, ...b.general],
  };
}
