import { Hono } from 'hono';
import { z } from 'zod';
import {
  generationSessionId,
  queryInt,
  textGenerationBody,
  type GenerationModel,
} from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { errorBody, PlatformError } from '../core/errors';
import { parseWith, query, readJson } from '../core/validate';
import { eventStreamAnswer, wantsEventStream } from './event-stream';
import { configuredModels, defaultModelId } from './models';
import { runTextGeneration } from './service';
import { getSession, listSessions } from './sessions';

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
export function generationRoutes({ db, generation, log }: PlatformDeps) {
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
    const userId = c.get('userId');
    if (wantsEventStream(c.req.header('accept')))
      return eventStreamAnswer(
        (listener, signal) =>
          runTextGeneration({ db, generation }, userId, request, signal, listener),
        c.req.raw.signal,
        (error) => {
          const traceId = c.get('traceId') ?? '';
          if (!(error instanceof PlatformError))
            log(`platform error streaming ${c.req.path} trace ${traceId}: ${String(error)}`);
          const known =
            error instanceof PlatformError
              ? error
              : new PlatformError(500, 'Internal error; quote the trace id to support');
          return {
            ...errorBody(c.req.path, known, traceId),
            message: known.message,
            status: known.status,
          };
        },
      );
    const { answer, durationMs } = await runTextGeneration(
      { db, generation },
      userId,
      request,
      c.req.raw.signal,
    );
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
