import { PLACEHOLDER_PATTERN, placeholders } from '../../../src/api/contract';
import { badRequest } from '../core/errors';

export interface TemplateValues {
  input: string;
  /** The system message; `undefined` when the model takes it apart from the prompt. */
  system: string | undefined;
  parameters: Record<string, string>;
}

/**
 * 4.11's rules: `${input}` and `${system}` are filled when present, `${name}` from `parameters`;
 * a placeholder left without a value is a 400 naming it (and every other one left).
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
  return template.replace(PLACEHOLDER_PATTERN, (_, name: string) => valueOf(name, values)!);
}

function valueOf(name: string, values: TemplateValues): string | undefined {
  if (Object.hasOwn(values.parameters, name)) return values.parameters[name];
  if (name === 'input') return values.input;
  if (name === 'system') return values.system;
  return undefined;
}
