import { REFERENCE_PATTERN, type JsonObject, type StepCondition } from '../../../src/api/contract';
import { ReferenceError, StepFailure } from './errors';

export { ReferenceError };

export interface ReferenceContext {
  input: JsonObject;
  outputs: Record<string, unknown>;
}

/** Characters one step's settings may expand to once their references are resolved. */
export const MAX_EXPANDED_CHARS = 1024 * 1024;

/**
 * Counts the characters a step's settings expand to, as they are written, so that a setting
 * repeating a reference thousands of times fails before the text is built.
 */
export class ExpansionBudget {
  private used = 0;

  constructor(readonly limit = MAX_EXPANDED_CHARS) {}

  take(chars: number) {
    this.used += chars;
    if (this.used > this.limit)
      throw new StepFailure(
        `its settings expand to more than ${this.limit.toLocaleString('en-US')} characters once their references are resolved (the limit of one step)`,
      );
  }
}

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

interface ResolveOptions {
  /** Leave `${input}` (not dotted) as it is: a prompt template's own placeholder. */
  dottedOnly?: boolean;
  /** Shared by the calls of one step; a call without one has a budget of its own. */
  budget?: ExpansionBudget;
}

/** Resolves every reference inside `value` (strings anywhere inside it), within a budget. */
export function resolve<T>(value: T, ctx: ReferenceContext, options: ResolveOptions = {}): T {
  return resolveIn(
    value,
    ctx,
    options.dottedOnly ?? false,
    options.budget ?? new ExpansionBudget(),
  );
}

function resolveIn<T>(
  value: T,
  ctx: ReferenceContext,
  dottedOnly: boolean,
  budget: ExpansionBudget,
): T {
  if (typeof value === 'string') {
    const whole = new RegExp(`^${REFERENCE_PATTERN.source}$`).exec(value);
    if (whole && !(dottedOnly && whole[1] === 'input' && !whole[2])) {
      const found = lookup(whole[1]!, whole[2]!, ctx);
      budget.take(asText(found).length);
      return found as T;
    }
    let literal = value.length;
    const text = value.replace(REFERENCE_PATTERN, (all, ref: string, rest: string) => {
      if (dottedOnly && ref === 'input' && !rest) return all;
      literal -= all.length;
      const piece = asText(lookup(ref, rest, ctx));
      budget.take(piece.length);
      return piece;
    });
    budget.take(literal);
    return text as T;
  }
  if (Array.isArray(value))
    return value.map((v: unknown) => resolveIn(v, ctx, dottedOnly, budget)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveIn(v, ctx, dottedOnly, budget)]),
    ) as T;
  return value;
}

/** A `fail` step's condition, once its references are resolved. */
export function holds(
  condition: StepCondition | undefined,
  ctx: ReferenceContext,
  budget = new ExpansionBudget(),
) {
  if (!condition) return true;
  const missing = (v: unknown) => v === undefined || v === null || v === '';
  let value: unknown;
  try {
    value = resolve(condition.value, ctx, { budget });
  } catch (error) {
    if (error instanceof ReferenceError) value = undefined;
    else throw error;
  }
  if (condition.op === 'exists') return !missing(value);
  if (condition.op === 'missing') return missing(value);
  const to = resolve(condition.to, ctx, { budget });
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
