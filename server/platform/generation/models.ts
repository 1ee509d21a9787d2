import type { GenerationConfig } from '../../config';
import { badRequest } from '../core/errors';

export const BUILT_IN_MODEL = 'local.template-echo';
export const DEFAULT_SYSTEM_MESSAGE = 'You are a helpful assistant.';

export interface ModelInfo {
  id: string;
  name: string;
  provider: 'built-in' | 'openai-compatible';
  /** Takes the system message apart from the prompt (4.11 rule 3): no `${system}` needed. */
  systemPrompt: boolean;
  /** The template used when a request sends none. */
  defaultTemplate: string;
}

const builtIn: ModelInfo = {
  id: BUILT_IN_MODEL,
  name: 'Template echo (built in, not a language model)',
  provider: 'built-in',
  systemPrompt: false,
  defaultTemplate: '${system}\n\n${input}',
};

/** The models of the configuration: the built-in one always, then the OpenAI-compatible server's. */
export function configuredModels(config: GenerationConfig): ModelInfo[] {
  return [
    builtIn,
    ...config.openaiModels.map((id): ModelInfo => ({
      id,
      name: id,
      provider: 'openai-compatible',
      systemPrompt: true,
      defaultTemplate: '${input}',
    })),
  ];
}

export function defaultModelId(config: GenerationConfig) {
  const models = configuredModels(config);
  const wanted = config.defaultModel;
  return wanted && models.some((m) => m.id === wanted) ? wanted : BUILT_IN_MODEL;
}

export function modelFor(config: GenerationConfig, id: string | undefined): ModelInfo {
  const wanted = id ?? defaultModelId(config);
  const model = configuredModels(config).find((m) => m.id === wanted);
  if (!model)
    throw badRequest(
      `model: "${wanted}" is not configured for text generation (configured: ${configuredModels(
        config,
      )
        .map((m) => m.id)
        .join(', ')})`,
    );
  return model;
}
