import type { Queryable } from '../store';

/**
 * Text-generation models (4.11). `echo` is the default: the embedded platform answers with it
 * deterministically and needs no weights. `openai-compatible` forwards to a server the user runs
 * (Ollama, llama.cpp, vLLM) once its baseUrl is set.
 */
export const sampleGenerationModels = [
  { id: 'echo', name: 'Echo (embedded)', provider: 'embedded', isDefault: true, settings: {} },
  {
    id: 'openai-compatible',
    name: 'OpenAI-compatible server',
    provider: 'openai-compatible',
    isDefault: false,
    settings: { baseUrl: null },
  },
];

export async function seedGenerationModels(tx: Queryable) {
  const models = sampleGenerationModels;
  await tx.query(
    `INSERT INTO generation_models (id, name, provider, is_default, settings)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::jsonb[])`,
    [
      models.map((m) => m.id),
      models.map((m) => m.name),
      models.map((m) => m.provider),
      models.map((m) => m.isDefault),
      models.map((m) => JSON.stringify(m.settings)),
    ],
  );
}
