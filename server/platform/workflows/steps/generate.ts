import { generateStep, PLACEHOLDER_PATTERN } from '../../../../src/api/contract';
import { DEFAULT_SYSTEM_MESSAGE } from '../../generation/models';
import type { TemplateValues } from '../../generation/template';
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
 * Text generation (4.11) with a prompt template, as the run's user through the generation
 * service the route calls: the workflow's dotted references first, then the template's own
 * `${input}` and `${name}`; the whole prompt counts against the step's expansion budget before
 * it is built or sent. The service keeps each generation with the user's sessions, so a step
 * that runs again after a stop is kept twice, as it generated twice.
 */
export const generate: StepKind<'generate'> = {
  schema: generateStep,
  resumable: true,
  live: false,
  async execute(step, ctx) {
    const template = ctx.resolve(step.promptTemplate, { dottedOnly: true });
    const input = step.input === undefined ? '' : String(ctx.resolve(step.input));
    const parameters = Object.fromEntries(
      Object.entries(ctx.resolve(step.parameters ?? {})).map(([k, v]) => [k, String(v)]),
    );
    ctx.expand(placeholderChars(template, { input, system: DEFAULT_SYSTEM_MESSAGE, parameters }));
    const { answer } = await ctx.services.generation.generate(
      ctx.actor,
      {
        input,
        promptTemplate: template,
        parameters,
        model: step.model,
        maxTokens: step.maxTokens,
      },
      ctx.signal,
    );
    await ctx.log(
      'INFO',
      `Generated ${answer.usage.outputTokens} tokens with ${answer.modelId} (${answer.usage.inputTokens} in)`,
    );
    return { output: answer.output, modelId: answer.modelId, usage: answer.usage };
  },
};
