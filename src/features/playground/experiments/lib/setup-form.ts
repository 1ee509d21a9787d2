import { z } from 'zod';
import {
  EXPERIMENT_LIMITS,
  placeholders,
  type CreateExperimentBody,
  type ExperimentScorer,
  type ExperimentVariant,
  type GenerationModel,
} from '../../../../api/contract';
import type { Draft } from '../../lib/draft';
import { versionOf, type SavedPrompt } from '../../lib/saved-prompts';

/** The prompt the form runs: the playground's draft, or a saved prompt (`saved:<name>`). */
export const DRAFT_SOURCE = 'draft';
export const savedSource = (name: string) => `saved:${name}`;

/** One version of the chosen prompt, which a variant picks. */
export interface PromptVersion {
  /** "draft", "v3": what the experiment records as the variant's prompt version. */
  key: string;
  label: string;
  draft: Draft;
}

/** The versions of a prompt, newest first; none for a source that is not there (any more). */
export function promptVersions(
  source: string,
  saved: readonly SavedPrompt[],
  draft: Draft | undefined,
): PromptVersion[] {
  if (source === DRAFT_SOURCE)
    return draft ? [{ key: 'draft', label: 'The playground’s draft', draft }] : [];
  const prompt = saved.find((p) => savedSource(p.name) === source);
  if (!prompt) return [];
  const latest = versionOf(prompt);
  return [
    { key: `v${latest}`, label: `v${latest} (latest)`, draft: prompt.draft },
    ...prompt.versions.map((v, i) => ({
      key: `v${latest - 1 - i}`,
      label: `v${latest - 1 - i}`,
      draft: v.draft,
    })),
  ];
}

/** The placeholders a case fills from its columns: every one of the variants' templates. */
export function mappedPlaceholders(templates: readonly string[]): string[] {
  const names = new Set<string>();
  for (const template of templates)
    for (const name of placeholders(template)) if (name !== 'system') names.add(name);
  return [...names];
}

const normalised = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mapping for these placeholders: what was chosen stays, a new placeholder takes the column
 * of the same name (case and punctuation aside), and one no longer in a template goes.
 */
export function autoMap(
  names: readonly string[],
  columns: readonly string[],
  current: Record<string, string>,
): Record<string, string> {
  const next: Record<string, string> = {};
  for (const name of names) {
    const kept = current[name];
    next[name] =
      kept && columns.includes(kept)
        ? kept
        : (columns.find((c) => c === name) ??
          columns.find((c) => normalised(c) === normalised(name)) ??
          '');
  }
  return next;
}

const wholeText = (min: number, max: number, words: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      if (v === '') return true;
      const n = Number(v);
      return Number.isInteger(n) && n >= min && n <= max;
    }, words);

const variantFields = z.object({
  name: z.string().trim().max(EXPERIMENT_LIMITS.name),
  model: z.string().min(1, 'Pick a model'),
  version: z.string().min(1, 'Pick a version of the prompt'),
  temperature: z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 2), {
      message: 'A number from 0 to 2',
    }),
  maxTokens: wholeText(1, 32_768, 'A whole number from 1 to 32,768'),
  responseKind: z.enum(['text', 'json']),
});
export type VariantFields = z.infer<typeof variantFields>;

export const scorerTypes = [
  'exactMatch',
  'contains',
  'regex',
  'validJson',
  'jsonSchema',
  'length',
  'judge',
] as const satisfies readonly ExperimentScorer['type'][];

const scorerFields = z
  .object({
    type: z.enum(scorerTypes),
    caseSensitive: z.boolean(),
    /** contains: the text to find; empty: the expected value. */
    value: z.string().max(EXPERIMENT_LIMITS.pattern),
    pattern: z.string().max(EXPERIMENT_LIMITS.pattern),
    flags: z.string().regex(/^[imsu]{0,4}$/, 'Flags are i, m, s or u'),
    schema: z.string(),
    min: wholeText(0, Number.MAX_SAFE_INTEGER, 'A whole number, 0 or more'),
    max: wholeText(0, Number.MAX_SAFE_INTEGER, 'A whole number, 0 or more'),
    model: z.string(),
    rubric: z.string().max(EXPERIMENT_LIMITS.rubric),
  })
  .superRefine((s, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (s.type === 'regex') {
      if (s.pattern === '') problem('pattern', 'Write the pattern');
      else
        try {
          new RegExp(s.pattern, s.flags);
        } catch {
          problem('pattern', 'Not a valid regular expression');
        }
    }
    if (s.type === 'jsonSchema') {
      try {
        const schema = JSON.parse(s.schema) as unknown;
        if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
          problem('schema', 'The schema must be a JSON object');
      } catch {
        problem('schema', 'Not valid JSON');
      }
    }
    if (s.type === 'length') {
      if (s.min.trim() === '' && s.max.trim() === '') problem('min', 'Give a least or a most');
      else if (s.min.trim() !== '' && s.max.trim() !== '' && Number(s.min) > Number(s.max))
        problem('max', 'At least the least length');
    }
    if (s.type === 'judge') {
      if (s.model === '') problem('model', 'Pick the judge’s model');
      if (s.rubric.trim() === '') problem('rubric', 'Write the rubric the judge scores by');
    }
  });
export type ScorerFields = z.infer<typeof scorerFields>;

export const setupSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the experiment a name').max(EXPERIMENT_LIMITS.name),
    prompt: z.string().min(1, 'Pick a prompt'),
    datasetId: z.string().min(1, 'Pick a dataset'),
    casesBy: z.enum(['range', 'filter']),
    offset: wholeText(0, Number.MAX_SAFE_INTEGER, 'A row number, 0 or more'),
    limit: z
      .string()
      .trim()
      .min(1, 'How many rows')
      .refine(
        (v) => {
          const n = Number(v);
          return Number.isInteger(n) && n >= 1 && n <= EXPERIMENT_LIMITS.cases;
        },
        `From 1 to ${EXPERIMENT_LIMITS.cases.toLocaleString('en')} rows`,
      ),
    filterColumn: z.string(),
    filterOperator: z.enum(['EQUALS', 'CONTAINS']),
    filterValue: z.string().max(EXPERIMENT_LIMITS.pattern),
    mapping: z.record(z.string(), z.string().min(1, 'Pick the column that fills it')),
    expectedColumn: z.string(),
    variants: z
      .array(variantFields)
      .min(1, 'At least one variant')
      .max(EXPERIMENT_LIMITS.variants, `At most ${EXPERIMENT_LIMITS.variants} variants`),
    concurrency: z
      .string()
      .trim()
      .refine((v) => {
        const n = Number(v);
        return Number.isInteger(n) && n >= 1 && n <= EXPERIMENT_LIMITS.concurrency;
      }, `A whole number from 1 to ${EXPERIMENT_LIMITS.concurrency}`),
    scorers: z
      .array(scorerFields)
      .max(EXPERIMENT_LIMITS.scorers, `At most ${EXPERIMENT_LIMITS.scorers} scorers`),
  })
  .superRefine((form, ctx) => {
    if (form.casesBy === 'filter' && form.filterColumn === '')
      ctx.addIssue({ code: 'custom', path: ['filterColumn'], message: 'Pick the column' });
    form.scorers.forEach((s, i) => {
      const compares = s.type === 'exactMatch' || (s.type === 'contains' && s.value === '');
      if (compares && form.expectedColumn === '')
        ctx.addIssue({
          code: 'custom',
          path: ['scorers', i, 'type'],
          message: 'It compares with the expected answer: pick the expected column above',
        });
    });
  });
export type SetupForm = z.infer<typeof setupSchema>;

export const newVariant = (model: string, version: string): VariantFields => ({
  name: '',
  model,
  version,
  temperature: '',
  maxTokens: '',
  responseKind: 'text',
});

export const newScorer = (type: ScorerFields['type'], model = ''): ScorerFields => ({
  type,
  caseSensitive: true,
  value: '',
  pattern: '',
  flags: '',
  schema: '{\n  "type": "object"\n}',
  min: '',
  max: '',
  model,
  rubric: '',
});

export function emptySetup(prompt: string, model: string, version: string): SetupForm {
  return {
    name: '',
    prompt,
    datasetId: '',
    casesBy: 'range',
    offset: '0',
    limit: '20',
    filterColumn: '',
    filterOperator: 'EQUALS',
    filterValue: '',
    mapping: {},
    expectedColumn: '',
    variants: [newVariant(model, version)],
    concurrency: '8',
    scorers: [],
  };
}

/** The model a new variant or judge starts with: the service's default. */
export const defaultModel = (models: readonly GenerationModel[] | undefined) =>
  (models?.find((m) => m.default) ?? models?.[0])?.id ?? '';

function responseFormat(kind: VariantFields['responseKind'], draft: Draft) {
  if (kind === 'text') return undefined;
  try {
    const schema = JSON.parse(draft.schema) as unknown;
    if (typeof schema === 'object' && schema !== null && !Array.isArray(schema))
      return { type: 'json_schema', json_schema: { name: 'answer', schema } };
  } catch {
    // The draft's schema is not JSON: the answer need only be a JSON object.
  }
  return { type: 'json_object' };
}

function toScorer(s: ScorerFields): ExperimentScorer {
  switch (s.type) {
    case 'exactMatch':
      return { type: 'exactMatch', caseSensitive: s.caseSensitive };
    case 'contains':
      return {
        type: 'contains',
        caseSensitive: s.caseSensitive,
        ...(s.value === '' ? {} : { value: s.value }),
      };
    case 'regex':
      return { type: 'regex', pattern: s.pattern, ...(s.flags ? { flags: s.flags } : {}) };
    case 'validJson':
      return { type: 'validJson' };
    case 'jsonSchema':
      return { type: 'jsonSchema', schema: JSON.parse(s.schema) as Record<string, unknown> };
    case 'length':
      return {
        type: 'length',
        ...(s.min.trim() === '' ? {} : { min: Number(s.min) }),
        ...(s.max.trim() === '' ? {} : { max: Number(s.max) }),
      };
    case 'judge':
      return { type: 'judge', model: s.model, rubric: s.rubric.trim() };
  }
}

/**
 * The create body of a checked form; undefined while a variant's prompt version is not there
 * (the saved prompt was deleted in another tab).
 */
export function toBody(
  form: SetupForm,
  versions: readonly PromptVersion[],
  promptName: string,
): CreateExperimentBody | undefined {
  const variants: ExperimentVariant[] = [];
  for (const v of form.variants) {
    const version = versions.find((x) => x.key === v.version);
    if (!version) return undefined;
    const format = responseFormat(v.responseKind, version.draft);
    variants.push({
      ...(v.name.trim() ? { name: v.name.trim() } : {}),
      model: v.model,
      promptVersion: version.key,
      template: version.draft.template,
      ...(version.draft.system ? { system: version.draft.system } : {}),
      ...(v.temperature.trim() ? { temperature: Number(v.temperature) } : {}),
      ...(v.maxTokens.trim() ? { maxTokens: Number(v.maxTokens) } : {}),
      ...(format ? { responseFormat: format } : {}),
    });
  }
  return {
    name: form.name.trim(),
    promptName,
    cases: {
      datasetId: form.datasetId,
      offset: form.casesBy === 'range' && form.offset.trim() ? Number(form.offset) : 0,
      limit: Number(form.limit),
      ...(form.casesBy === 'filter'
        ? {
            filter: {
              column: form.filterColumn,
              operator: form.filterOperator,
              value: form.filterValue,
            },
          }
        : {}),
    },
    mapping: form.mapping,
    ...(form.expectedColumn ? { expectedColumn: form.expectedColumn } : {}),
    variants,
    scorers: form.scorers.map(toScorer),
    concurrency: Number(form.concurrency),
  };
}
