import type { GenerationRun } from '../../../api/contract';

export interface RunSetting {
  label: string;
  value: string;
}

/**
 * What a run of the history was sent with: its model and parameters, each in words;
 * a parameter the request left out reads "default".
 */
export function runSettings(run: GenerationRun): RunSetting[] {
  const { request } = run;
  const format = request.responseFormat as { type?: string } | undefined;
  const effort = request.reasoningConfig?.effort;
  return [
    { label: 'Model', value: run.modelId },
    {
      label: 'Temperature',
      value: request.temperature === undefined ? 'default' : String(request.temperature),
    },
    {
      label: 'Max tokens',
      value: request.maxTokens === undefined ? 'default' : String(request.maxTokens),
    },
    { label: 'Effort', value: typeof effort === 'string' && effort ? effort : 'default' },
    { label: 'Answer', value: format?.type?.startsWith('json') ? 'JSON' : 'text' },
  ];
}

/** "temperature 0.7 · max tokens default · effort high", and "JSON" for a JSON answer. */
export function settingsLine(run: GenerationRun): string {
  return runSettings(run)
    .filter((s) => s.label !== 'Model' && !(s.label === 'Answer' && s.value === 'text'))
    .map((s) => (s.label === 'Answer' ? s.value : `${s.label.toLowerCase()} ${s.value}`))
    .join(' · ');
}
