import {
  BUILT_IN_PLACEHOLDERS,
  placeholders,
  type TextGenerationBody,
} from '../../../api/contract';

export type ResponseKind = 'text' | 'json';
export type ReasoningEffort = '' | 'low' | 'medium' | 'high';

/** Everything the playground sends, as the user edits it (strings, as the fields hold them). */
export interface Draft {
  template: string;
  input: string;
  /** Empty: the platform's default system message. */
  system: string;
  parameters: Record<string, string>;
  /** Empty: the service's default model. */
  model: string;
  temperature: string;
  maxTokens: string;
  responseKind: ResponseKind;
  /** A JSON Schema, when the answer must be JSON. */
  schema: string;
  reasoningEffort: ReasoningEffort;
}

export const EXAMPLE_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: { headline: { type: 'string' }, sentiment: { enum: ['up', 'flat', 'down'] } },
    required: ['headline'],
  },
  null,
  2,
);

export const initialDraft: Draft = {
  template: 'Summarise for ${audience} in one sentence:\n\n${input}',
  input: 'Revenue rose 12 % in the North; the South was flat.',
  system: '',
  parameters: { audience: 'the sales leads' },
  model: '',
  temperature: '',
  maxTokens: '',
  responseKind: 'text',
  schema: EXAMPLE_SCHEMA,
  reasoningEffort: '',
};

/** The template's own parameters: every placeholder but `${input}` and `${system}`. */
export const customPlaceholders = (template: string) =>
  placeholders(template).filter(
    (name) => !(BUILT_IN_PLACEHOLDERS as readonly string[]).includes(name),
  );

export interface DraftProblems {
  /** Placeholder name → message, for the fields of the template's parameters. */
  parameters: Record<string, string>;
  input?: string;
  temperature?: string;
  maxTokens?: string;
  schema?: string;
}

/** What a form over a part of the draft is given: the draft, its problems, and how to change it. */
export interface DraftFormProps {
  draft: Draft;
  problems: DraftProblems | undefined;
  onChange: (change: Partial<Draft>) => void;
}

export const hasProblems = (problems: DraftProblems) =>
  Object.keys(problems.parameters).length > 0 ||
  Boolean(problems.input ?? problems.temperature ?? problems.maxTokens ?? problems.schema);

/** What would make the platform refuse the request, found before it is sent. */
export function checkDraft(draft: Draft): DraftProblems {
  const problems: DraftProblems = { parameters: {} };
  for (const name of customPlaceholders(draft.template))
    if ((draft.parameters[name] ?? '') === '')
      problems.parameters[name] = `\${${name}} is in the template: give it a value`;
  if (placeholders(draft.template).includes('input') && draft.input === '')
    problems.input = '${input} is in the template: write the input';
  if (draft.temperature !== '') {
    const t = Number(draft.temperature);
    if (!Number.isFinite(t) || t < 0 || t > 2) problems.temperature = 'A number from 0 to 2';
  }
  if (draft.maxTokens !== '') {
    const n = Number(draft.maxTokens);
    if (!Number.isInteger(n) || n < 1 || n > 32_768)
      problems.maxTokens = 'A whole number from 1 to 32,768';
  }
  if (draft.responseKind === 'json') {
    try {
      const schema = JSON.parse(draft.schema) as unknown;
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
        problems.schema = 'The schema must be a JSON object';
    } catch {
      problems.schema = 'Not valid JSON';
    }
  }
  return problems;
}

/** The request of 4.11 for a checked draft. */
export function toRequest(draft: Draft, sessionId: string): TextGenerationBody {
  const used = new Set(customPlaceholders(draft.template));
  const parameters = Object.fromEntries(
    Object.entries(draft.parameters).filter(([name]) => used.has(name)),
  );
  return {
    input: draft.input,
    sessionId,
    promptTemplate: draft.template,
    ...(Object.keys(parameters).length ? { parameters } : {}),
    ...(draft.system !== '' ? { system: draft.system } : {}),
    ...(draft.model !== '' ? { model: draft.model } : {}),
    ...(draft.temperature !== '' ? { temperature: Number(draft.temperature) } : {}),
    ...(draft.maxTokens !== '' ? { maxTokens: Number(draft.maxTokens) } : {}),
    ...(draft.responseKind === 'json'
      ? {
          responseFormat: {
            type: 'json_schema',
            json_schema: { name: 'answer', schema: JSON.parse(draft.schema) as unknown },
          },
        }
      : {}),
    ...(draft.reasoningEffort !== '' ? { reasoningConfig: { effort: draft.reasoningEffort } } : {}),
  };
}

/** The template a request was sent with (none: just the input). */
export const templateOf = (request: TextGenerationBody) =>
  request.promptTemplate === undefined
    ? '${input}'
    : typeof request.promptTemplate === 'string'
      ? request.promptTemplate
      : request.promptTemplate.template;

/** A request of the history, back into the editor. */
export function fromRequest(request: TextGenerationBody): Draft {
  const template = templateOf(request);
  const format = request.responseFormat as
    { type?: string; json_schema?: { schema?: unknown } } | undefined;
  const json = format?.type === 'json_schema' || format?.type === 'json_object';
  const effort = request.reasoningConfig?.effort;
  return {
    template,
    input: request.input,
    system: request.system ?? '',
    parameters: { ...request.parameters },
    model: request.model ?? '',
    temperature: request.temperature === undefined ? '' : String(request.temperature),
    maxTokens: request.maxTokens === undefined ? '' : String(request.maxTokens),
    responseKind: json ? 'json' : 'text',
    schema:
      json && format?.json_schema?.schema !== undefined
        ? JSON.stringify(format.json_schema.schema, null, 2)
        : EXAMPLE_SCHEMA,
    reasoningEffort: effort === 'low' || effort === 'medium' || effort === 'high' ? effort : '',
  };
}
