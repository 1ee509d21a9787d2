import type { z } from 'zod';
import { workflowStep, type WorkflowStepType } from '../../../api/contract';

/** How a setting of a step is edited. */
export type FieldKind =
  'text' | 'multiline' | 'number' | 'select' | 'list' | 'json' | 'id' | ResourceKind;
/** A setting that names something of the platform: picked by its name. */
export type ResourceKind = 'dataset' | 'collection' | 'stream';
const resourceKeys: Record<string, ResourceKind> = {
  datasetId: 'dataset',
  collectionId: 'collection',
  streamId: 'stream',
};
export const isResourceKind = (kind: FieldKind): kind is ResourceKind =>
  kind === 'dataset' || kind === 'collection' || kind === 'stream';

export interface StepField {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options?: readonly string[];
  /** A text field whose value may also be a number (a stream id): digits are sent as one. */
  acceptsNumber?: boolean;
  help?: string;
}

export const stepTypeLabels: Record<WorkflowStepType, string> = {
  generate: 'Generate text',
  'documents.create': 'Create a document',
  'documents.query': 'Query documents',
  export: 'Export a dataset',
  'stream.run': 'Run a stream',
  transform: 'Transform',
  wait: 'Wait',
  notify: 'Notify',
  fail: 'Fail when',
  http: 'HTTP request',
  'experiment.run': 'Run a prompt experiment',
};

export const stepTypeHelp: Record<WorkflowStepType, string> = {
  generate: 'Generates text from a prompt template.',
  'documents.create': 'Creates a document in a document-store collection.',
  'documents.query': 'Finds documents of a collection with a filter.',
  export: 'Starts an export of a dataset and waits for it to finish.',
  'stream.run': 'Runs a stream and waits for it to finish.',
  transform: 'Selects, sets or requires keys of the input or an earlier step’s output.',
  wait: 'Waits a number of seconds.',
  notify: 'Sends a notification to the outbox.',
  fail: 'Fails the run when a condition holds.',
  http: 'Calls a URL on a host the platform allows.',
  'experiment.run': 'Starts a prompt experiment over a dataset’s rows and waits for it to end.',
};

const labels: Record<string, string> = {
  promptTemplate: 'Prompt template',
  collectionId: 'Collection',
  datasetId: 'Dataset',
  streamId: 'Stream',
  maxTokens: 'Max tokens',
  timeoutSeconds: 'Timeout (seconds)',
  orderby: 'Order by',
  url: 'URL',
  when: 'When',
};

const help: Record<string, string> = {
  promptTemplate: '${input} is the step’s input; ${steps.<id>.output} an earlier step’s output.',
  select: 'Keys to keep, separated by commas.',
  require: 'Keys that must have a value, separated by commas.',
  set: 'JSON object of keys to set; values may hold references.',
  from: 'The id of an earlier step; empty for the run’s input.',
  filter: 'JSON filter, e.g. {"content.status": {"$ne": "open"}}.',
  when: 'JSON condition, e.g. {"value": "${input.amount}", "op": "gt", "to": 100}.',
  orderby: 'content.field ascending|descending, separated by commas.',
  datasetId: 'Pick one by name, or type a reference such as ${input.datasetId}.',
  collectionId: 'Pick one by name, or type a reference such as ${input.collectionId}.',
  streamId: 'Pick one by name, or type a reference such as ${input.streamId}.',
  url: 'Only hosts the platform allows can be called.',
};

const MULTILINE_FROM = 5000;

const humanize = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Schema = z.core.$ZodType;
const defOf = (schema: Schema) => schema._zod.def as unknown as Record<string, unknown>;

function unwrap(schema: Schema): { inner: Schema; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
      optional = optional || def.type !== 'nullable';
      current = def.innerType as Schema;
    } else return { inner: current, optional };
  }
}

function kindOf(
  key: string,
  schema: Schema,
): Pick<StepField, 'kind' | 'options' | 'acceptsNumber'> {
  const def = defOf(schema);
  if (key === 'from') return { kind: 'id' };
  if (Object.hasOwn(resourceKeys, key))
    return { kind: resourceKeys[key]!, acceptsNumber: key === 'streamId' };
  switch (def.type) {
    case 'number':
      return { kind: 'number' };
    case 'enum':
      return { kind: 'select', options: Object.values(def.entries as Record<string, string>) };
    case 'array':
      return { kind: 'list' };
    case 'string': {
      const checks = (def.checks as { _zod: { def: { check: string; maximum?: number } } }[]) ?? [];
      const max = checks.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
      return { kind: max !== undefined && max >= MULTILINE_FROM ? 'multiline' : 'text' };
    }
    case 'union': {
      const options = def.options as Schema[];
      return options.every((o) => ['string', 'number'].includes(defOf(o).type as string))
        ? { kind: 'text', acceptsNumber: options.some((o) => defOf(o).type === 'number') }
        : { kind: 'json' };
    }
    default:
      return { kind: 'json' };
  }
}

const COMMON = new Set(['id', 'name', 'type']);

function fieldsOf(option: z.ZodObject): StepField[] {
  return Object.entries(option.shape as Record<string, Schema>)
    .filter(([key]) => !COMMON.has(key))
    .map(([key, schema]) => {
      const { inner, optional } = unwrap(schema);
      return {
        key,
        label: labels[key] ?? humanize(key),
        required: !optional,
        help: help[key],
        ...kindOf(key, inner),
      };
    });
}

/** Each step type's settings, read from the contract's schema: the form follows the contract. */
export const stepFields = Object.fromEntries(
  workflowStep.options.map((option) => [option.shape.type.value, fieldsOf(option)]),
) as Record<WorkflowStepType, StepField[]>;

export const stepTypes = Object.keys(stepFields) as WorkflowStepType[];

export const isStepType = (type: unknown): type is WorkflowStepType =>
  typeof type === 'string' && type in stepFields;

/** A new step's required settings, empty or at their first choice. */
export function emptySettings(type: WorkflowStepType): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const field of stepFields[type]) {
    if (!field.required) continue;
    if (field.kind === 'select') settings[field.key] = field.options?.[0];
    else if (field.kind === 'number') settings[field.key] = 0;
    else if (field.kind === 'json') settings[field.key] = {};
    else if (field.kind === 'list') settings[field.key] = [];
    else settings[field.key] = '';
  }
  return settings;
}
