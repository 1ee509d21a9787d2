import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  generationSessionId,
  queryInt,
  textGenerationBody,
  textSummarizeBody,
  textToBeastModeBody,
  textToSqlBody,
} from '../../../src/api/contract';
import { errorBody, PlatformError } from '../core/errors';
import { actorOf, type PlatformEnv } from '../core/http';
import { parseWith, query, readJson } from '../core/validate';
import { eventStreamAnswer, wantsEventStream } from './event-stream';
import type { GenerationService, TextGeneration } from './service';

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

/** A generation's answer, with the model's own time. */
function answer(c: Context<PlatformEnv>, { answer, durationMs }: TextGeneration) {
  c.header('server-timing', `model;dur=${durationMs.toFixed(1)}`);
  return c.json(answer);
}

/** Text generation (4.11, gaps.md) and its sessions (docs/platform-gaps.md). */
export function generationRoutes({
  generation,
  log,
  prefix = '/api',
}: {
  generation: GenerationService;
  /** Where a streamed generation's unexpected failure is written (its answer is already sent). */
  log: (line: string) => void;
  /** What the paths start with: `/api`, or a custom app's prefix (apps/app-paths.ts). */
  prefix?: string;
}) {
  const r = new Hono<PlatformEnv>();

  r.get(`${prefix}/ai/v1/settings/services/generation/models`, async (c) =>
    c.json(await generation.models(actorOf(c))),
  );

  r.post(`${prefix}/ai/v1/text/generation`, async (c) => {
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
    return answer(c, await generation.generate(actor, request, c.req.raw.signal));
  });

  // The other text services (public paths): the same generation with a task's prompt (tasks.ts).
  r.post(`${prefix}/ai/v1/text/sql`, async (c) => {
    const request = parseWith(textToSqlBody, nullsAsAbsent(await readJson(c)));
    return answer(c, await generation.textToSql(actorOf(c), request, c.req.raw.signal));
  });
  r.post(`${prefix}/ai/v1/text/summarize`, async (c) => {
    const request = parseWith(textSummarizeBody, nullsAsAbsent(await readJson(c)));
    return answer(c, await generation.summarize(actorOf(c), request, c.req.raw.signal));
  });
  r.post(`${prefix}/ai/v1/text/beastmode`, async (c) => {
    const request = parseWith(textToBeastModeBody, nullsAsAbsent(await readJson(c)));
    return answer(c, await generation.textToBeastMode(actorOf(c), request, c.req.raw.signal));
  });

  const sessions = `${prefix}/ai/v1/text/generation/sessions`;
  r.get(sessions, async (c) =>
    c.json(await generation.sessions(actorOf(c), query(c, sessionsParams))),
  );
  r.get(`${sessions}/:sessionId`, async (c) => {
    const sessionId = parseWith(generationSessionId, c.req.param('sessionId'), 'sessionId');
    return c.json(await generation.session(actorOf(c), sessionId));
  });

  return r;
}
