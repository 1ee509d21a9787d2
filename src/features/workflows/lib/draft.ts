import type { WorkflowInput, WorkflowStepType } from '../../../api/contract';
import { emptySettings, stepTypeLabels } from './step-fields';

export type StepDraft = Record<string, unknown>;
export type InputDraft = Partial<WorkflowInput> & Record<string, unknown>;

/** The definition being edited: kept as written, so keys the form does not know survive. */
export interface DefinitionDraft extends Record<string, unknown> {
  inputs?: InputDraft[];
  steps: StepDraft[];
}

export interface Draft {
  name: string;
  description: string;
  definition: DefinitionDraft;
  /** Stable React keys of the steps (not part of the definition). */
  stepKeys: string[];
  /** The JSON editor's text: what was typed, or the definition written out after a form edit. */
  json: string;
  /** Why the JSON text is not taken (it does not parse, or is not a definition). */
  jsonError: string | null;
}

export type DraftAction =
  | { type: 'name'; value: string }
  | { type: 'description'; value: string }
  | { type: 'stepField'; index: number; key: string; value: unknown }
  | { type: 'addStep'; stepType: WorkflowStepType }
  | { type: 'removeStep'; index: number }
  | { type: 'moveStep'; index: number; by: -1 | 1 }
  | { type: 'addInput' }
  | { type: 'inputField'; index: number; key: string; value: unknown }
  | { type: 'removeInput'; index: number }
  | { type: 'json'; text: string }
  | { type: 'reset'; draft: Draft };

let keySeq = 0;
const newKey = () => `step-${(keySeq += 1)}`;

export const writeJson = (definition: DefinitionDraft) => JSON.stringify(definition, null, 2);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function toDraft(source: {
  name: string;
  description?: string;
  definition: Record<string, unknown>;
}): Draft {
  const definition = readDefinition(source.definition) ?? { steps: [] };
  return {
    name: source.name,
    description: source.description ?? '',
    definition,
    stepKeys: definition.steps.map(newKey),
    json: writeJson(definition),
    jsonError: null,
  };
}

export const emptyDraft = (): Draft =>
  toDraft({ name: '', description: '', definition: { steps: [] } });

/** Structurally a definition (steps a list of objects), whatever the contract says of it. */
function readDefinition(value: unknown): DefinitionDraft | undefined {
  if (!isRecord(value)) return undefined;
  const steps = value.steps ?? [];
  const inputs = value.inputs;
  if (!Array.isArray(steps) || !steps.every(isRecord)) return undefined;
  if (inputs !== undefined && (!Array.isArray(inputs) || !inputs.every(isRecord))) return undefined;
  return { ...value, steps };
}

function readJson(text: string): { definition: DefinitionDraft } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'not JSON' };
  }
  const definition = readDefinition(value);
  return definition
    ? { definition }
    : {
        error:
          'A definition is an object whose "steps" (and "inputs", if any) are lists of objects',
      };
}

/** A step id not yet taken: the type's last word and the first free number. */
function freeStepId(steps: StepDraft[], type: WorkflowStepType) {
  const base = type.split('.').at(-1) ?? 'step';
  const taken = new Set(steps.map((s) => s.id));
  let n = 1;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

const move = <T>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/** A form edit: the definition changes and the JSON is written out again from it. */
function withDefinition(
  draft: Draft,
  definition: DefinitionDraft,
  stepKeys = draft.stepKeys,
): Draft {
  return { ...draft, definition, stepKeys, json: writeJson(definition), jsonError: null };
}

function withoutEmpty(record: Record<string, unknown>, key: string, value: unknown) {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  const { definition } = draft;
  const steps = definition.steps;
  const inputs = definition.inputs ?? [];
  switch (action.type) {
    case 'name':
      return { ...draft, name: action.value };
    case 'description':
      return { ...draft, description: action.value };
    case 'stepField':
      return withDefinition(draft, {
        ...definition,
        steps: steps.map((s, i) =>
          i === action.index ? withoutEmpty(s, action.key, action.value) : s,
        ),
      });
    case 'addStep': {
      const step = {
        id: freeStepId(steps, action.stepType),
        name: stepTypeLabels[action.stepType],
        type: action.stepType,
        ...emptySettings(action.stepType),
      };
      return withDefinition(draft, { ...definition, steps: [...steps, step] }, [
        ...draft.stepKeys,
        newKey(),
      ]);
    }
    case 'removeStep':
      return withDefinition(
        draft,
        { ...definition, steps: steps.filter((_, i) => i !== action.index) },
        draft.stepKeys.filter((_, i) => i !== action.index),
      );
    case 'moveStep': {
      const to = action.index + action.by;
      if (to < 0 || to >= steps.length) return draft;
      return withDefinition(
        draft,
        { ...definition, steps: move(steps, action.index, to) },
        move(draft.stepKeys, action.index, to),
      );
    }
    case 'addInput':
      return withDefinition(draft, {
        ...definition,
        inputs: [...inputs, { name: '', type: 'string', required: false }],
      });
    case 'inputField':
      return withDefinition(draft, {
        ...definition,
        inputs: inputs.map((input, i) =>
          i === action.index ? withoutEmpty(input, action.key, action.value) : input,
        ),
      });
    case 'removeInput': {
      const rest = inputs.filter((_, i) => i !== action.index);
      const next: DefinitionDraft = { ...definition, inputs: rest };
      if (rest.length === 0) delete next.inputs;
      return withDefinition(draft, next);
    }
    case 'json': {
      const read = readJson(action.text);
      if ('error' in read) return { ...draft, json: action.text, jsonError: read.error };
      const count = read.definition.steps.length;
      const stepKeys =
        count === draft.stepKeys.length
          ? draft.stepKeys
          : Array.from({ length: count }, (_, i) => draft.stepKeys[i] ?? newKey());
      return {
        ...draft,
        definition: read.definition,
        stepKeys,
        json: action.text,
        jsonError: null,
      };
    }
    case 'reset':
      return action.draft;
  }
}

/** What Save sends, and what "unsaved changes" compares. */
export const draftBody = (draft: Draft) => ({
  name: draft.name.trim(),
  description: draft.description,
  definition: draft.definition,
});

export const sameContent = (a: Draft, b: Draft) =>
  JSON.stringify(draftBody(a)) === JSON.stringify(draftBody(b)) && a.jsonError === b.jsonError;
