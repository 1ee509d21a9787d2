import { PLACEHOLDER_PATTERN, placeholders } from '../../../src/api/contract';
import { badRequest } from '../core/errors';
import { MAX_PROMPT_CHARS, promptTooLong } from './limits';

export interface TemplateValues {
  input: string;
  /** The system message; `undefined` when the model takes it apart from the prompt. */
  system: string | undefined;
  parameters: Record<string, string>;
}

/**
 * 4.11's rules: `${input}` and `${system}` are filled when present, `${name}` from `parameters`;
 * a placeholder left without a value is a 400 naming it (and every other one left). A prompt
 * longer than MAX_PROMPT_CHARS is a 400 before it is built (a template repeating `${input}` must
 * not build gigabytes).
 */
export function formatPrompt(template: string, values: TemplateValues): string {
  const missing = placeholders(template).filter((name) => valueOf(name, values) === undefined);
  if (missing.length > 0)
    throw badRequest(
      `the prompt template's placeholder${missing.length > 1 ? 's' : ''} ${missing
        .map((n) => `\${${n}}`)
        .join(', ')} ${missing.length > 1 ? 'have' : 'has'} no value: add ${
        missing.length > 1 ? 'them' : 'it'
      } to parameters`,
    );
  const length = expandedLength(template, values);
  if (length > MAX_PROMPT_CHARS) throw promptTooLong(length);
  return template.replace(PLACEHOLDER_PATTERN, (_, name: string) => valueOf(name, values)!);
}

function valueOf(name: string, values: TemplateValues): string | undefined {
  if (Object.hasOwn(values.parameters, name)) return values.parameters[name];
  if (name === 'input') return values.input;
  if (name === 'system') return values.system;
  return undefined;
}

/** The length the prompt would have (only said, never built). */
function expandedLength(template: string, values: TemplateValues): number {
  let length = template.length;
  for (const match of template.matchAll(PLACEHOLDER_PATTERN))
    length += valueOf(match[1]!, values)!.length - match[0].length;
  return length;
}
