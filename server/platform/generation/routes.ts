import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  generationSessionId,
  queryInt,
  textGenerationBody,
  type GenerationModel,
  type TextGenerationResponse,
} from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { parseWith, query, readJson } from '../core/validate';
import { configuredModels, defaultModelId, DEFAULT_SYSTEM_MESSAGE, modelFor } from './models';
import { generate } from './providers';
import { getSession, listSessions, recordRun } from './sessions';
import { formatPrompt } from './template';

const sessionsParams = z.object({
  limit: queryInt(1, 200).optional(),
  offset: queryInt(0, 1_000_000).optional(),
});

/**
 * The vendor's client sends `"parameters": null, "model": null, "modelConfiguration": null`
 * (issue 26 §6): a top-level null is a field left out.
 */
function nullsAsAbsent(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/** Text generation (4.11, gaps.md) and its sessions (docs/platform-gaps.md). */
export function generationRoutes({ db, generation }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();

  r.get('/api/ai/v1/settings/services/generation/models', (c) => {
    const fallback = defaultModelId(generation);
    return c.json(
      configuredModels(generation).map((m): GenerationModel => ({
        id: m.id,
        name: m.name,
        default: m.id === fallback,
        provider: m.provider,
      })),
    );
  });

  r.post('/api/ai/v1/text/generation', async (c) => {
    const request = parseWith(textGenerationBody, nullsAsAbsent(await readJson(c)));
    const model = modelFor(generation, request.model);
    const template =
      request.promptTemplate === undefined
        ? model.defaultTemplate
        : typeof request.promptTemplate === 'string'
          ? request.promptTemplate
          : request.promptTemplate.template;
    const system = request.system ?? DEFAULT_SYSTEM_MESSAGE;
    // Rule 3: a model that takes a system message gets it apart, whatever the template holds.
    const prompt = formatPrompt(template, {
      input: request.input,
      system,
      parameters: request.parameters ?? {},
    });
    const started = performance.now();
    const result = await generate(
      generation,
      model,
      {
        prompt,
        system: model.systemPrompt ? system : undefined,
        temperature: request.temperature,
        maxTokens: request.maxTokens,
        responseFormat: request.responseFormat,
        reasoningConfig: request.reasoningConfig,
        modelConfiguration: request.modelConfiguration,
      },
      c.req.raw.signal,
    );
    const durationMs = performance.now() - started;
    const sessionId = request.sessionId ?? randomUUID();
    const answer: TextGenerationResponse = {
      prompt,
      output: result.outputs[0]!,
      modelId: model.id,
      sessionId,
      choices: result.outputs.map((output) => ({ output })),
      usage: result.usage,
      isCustomerModel: false,
    };
    await recordRun(db, {
      sessionId,
      userId: c.get('userId'),
      modelId: model.id,
      durationMs,
      request,
      response: answer,
    });
    c.header('server-timing', `model;dur=${durationMs.toFixed(1)}`);
    return c.json(answer);
  });

  const sessions = '/api/ai/v1/text/generation/sessions';
  r.get(sessions, async (c) => {
    const { limit, offset } = query(c, sessionsParams);
    return c.json(await listSessions(db, c.get('userId'), limit ?? 50, offset ?? 0));
  });
  r.get(`${sessions}/:sessionId`, async (c) => {
    const sessionId = parseWith(generationSessionId, c.req.param('sessionId'), 'sessionId');
    return c.json(await getSession(db, c.get('userId'), sessionId));
  });

  return r;
}
