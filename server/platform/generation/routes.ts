import { Hono } from 'hono';
import { z } from 'zod';
import { generationSessionId, queryInt, textGenerationBody } from '../../../src/api/contract';
import { errorBody, PlatformError } from '../core/errors';
import { actorOf, type PlatformEnv } from '../core/http';
import { parseWith, query, readJson } from '../core/validate';
import { eventStreamAnswer, wantsEventStream } from './event-stream';
import type { GenerationService } from './service';

const sessionsParams = z.object({
  limit: queryInt(1, 200).optional(),
  offset: queryInt(0, 1_000_000).optional(),
});

/**
 * The vendor's client sends `"parameters": null, "model": null, "modelConfiguration": null`:
 * a top-level null is a field left out.
 */
function nullsAsAbsent(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/** Text generation (4.11, gaps.md) and its sessions (docs/platform-gaps.md). */
export function generationRoutes({
  generation,
  log,
}: {
  generation: GenerationService;
  /** Where a streamed generation's unexpected failure is written (its answer is already sent). */
  log: (line: string) => void;
}) {
  const r = new Hono<PlatformEnv>();

  r.get('/api/ai/v1/settings/services/generation/models', async (c) =>
    c.json(await generation.models(actorOf(c))),
  );

  r.post('/api/ai/v1/text/generation', async (c) => {
    const request = parseWith(textGenerationBody, nullsAsAbsent(await readJson(c)));
    const actor = actorOf(c);
    if (wantsEventStream(c.req.header('accept')))
      return eventStreamAnswer(
        (listener, signal) => generation.stream(actor, request, signal, listener),
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
    const { answer, durationMs } = await generation.generate(actor, request, c.req.raw.signal);
    c.header('server-timing', `model;dur=${durationMs.toFixed(1)}`);
    return c.json(answer);
  });

  const sessions = '/api/ai/v1/text/generation/sessions';
  r.get(sessions, async (c) =>
    c.json(await generation.sessions(actorOf(c), query(c, sessionsParams))),
  );
  r.get(`${sessions}/:sessionId`, async (c) => {
    const sessionId = parseWith(generationSessionId, c.req.param('sessionId'), 'sessionId');
    return c.json(await generation.session(actorOf(c), sessionId));
  });

  return r;
}
