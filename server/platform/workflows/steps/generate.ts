import { generateStep, PLACEHOLDER_PATTERN } from '../../../../src/api/contract';
import { DEFAULT_SYSTEM_MESSAGE, modelFor } from '../../generation/models';
import { generate as generateText } from '../../generation/providers';
import { formatPrompt, type TemplateValues } from '../../generation/template';
import type { StepKind } from './types';

/** Characters the prompt template's own placeholders add, counted before the prompt is built. */
function placeholderChars(template: string, values: TemplateValues) {
  let chars = 0;
  for (const [, name] of template.matchAll(PLACEHOLDER_PATTERN)) {
    const value = Object.hasOwn(values.parameters, name!)
      ? values.parameters[name!]
      : name === 'input'
        ? values.input
        : name === 'system'
          ? values.system
          : undefined;
    chars += value?.length ?? 0;
  }
  return chars;
}

/**
 * Text generation (4.11) with a prompt template: the workflow's dotted references first, then
 * the template's own `${input}` and `${name}`; the whole prompt counts against the step's
 * expansion budget before it is built or sent (issue 23).
 */
export const generate: StepKind<'generate'> = {
  schema: generateStep,
  resumable: true,
  live: false,
  async execute(step, ctx) {
    const { generation } = ctx.deps;
    const model = modelFor(generation, step.model);
    const template = ctx.resolve(step.promptTemplate, { dottedOnly: true });
    const input = step.input === undefined ? '' : String(ctx.resolve(step.input));
    const parameters = Object.fromEntries(
      Object.entries(ctx.resolve(step.parameters ?? {})).map(([k, v]) => [k, String(v)]),
    );
    const values = { input, system: DEFAULT_SYSTEM_MESSAGE, parameters };
    ctx.expand(placeholderChars(template, values));
    const prompt = formatPrompt(template, values);
    const result = await generateText(
      generation,
      model,
      {
        prompt,
        system: model.systemPrompt ? DEFAULT_SYSTEM_MESSAGE : undefined,
        temperature: undefined,
        maxTokens: step.maxTokens,
        responseFormat: undefined,
        reasoningConfig: undefined,
        modelConfiguration: undefined,
      },
      ctx.signal,
    );
    await ctx.log(
      'INFO',
      `Generated ${result.usage.outputTokens} tokens with ${model.id} (${result.usage.inputTokens} in)`,
    );
    return { output: result.outputs[0] ?? '', modelId: model.id, usage: result.usage };
  },
};
