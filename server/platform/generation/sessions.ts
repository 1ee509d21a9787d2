import { created, recordEvent } from '../audit/record';
import type {
  GenerationRun,
  GenerationSession,
  GenerationSessionSummary,
  TextGenerationBody,
  TextGenerationResponse,
} from '../../../src/api/contract';
import { notFound } from '../core/errors';
import type { Db, Queryable } from '../store';

interface RunRow {
  session_id: string;
  seq: number;
  created_at: Date;
  model_id: string;
  duration_ms: number;
  request: TextGenerationBody;
  response: TextGenerationResponse;
}

/** Appends a request to its session; concurrent requests of one session take the next seq each. */
export async function recordRun(
  db: Db,
  run: {
    sessionId: string;
    userId: number;
    modelId: string;
    durationMs: number;
    request: TextGenerationBody;
    response: TextGenerationResponse;
  },
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO generation_runs (session_id, seq, user_id, model_id, duration_ms, request, response)
         SELECT $1, COALESCE(max(seq), 0) + 1, $2, $3, $4, $5::jsonb, $6::jsonb
         FROM generation_runs WHERE session_id = $1`,
          [
            run.sessionId,
            run.userId,
            run.modelId,
            Math.round(run.durationMs),
            JSON.stringify(run.request),
            JSON.stringify(run.response),
          ],
        );
        await recordEvent(
          tx,
          run.userId,
          'generation.run',
          { type: 'generation', id: run.sessionId, name: run.modelId },
          created({ model: run.modelId, ...run.response.usage }),
        );
      });
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '23505' || attempt >= 5) throw error;
    }
  }
}

/** The caller's sessions, the most recent first. */
export async function listSessions(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<GenerationSessionSummary[]> {
  const rows = await db.query<{
    session_id: string;
    run_count: number;
    first_at: Date;
    last_at: Date;
    last_model_id: string;
  }>(
    `SELECT session_id, count(*)::int AS run_count, min(created_at) AS first_at,
       max(created_at) AS last_at, (array_agg(model_id ORDER BY seq DESC))[1] AS last_model_id
     FROM generation_runs WHERE user_id = $1
     GROUP BY session_id ORDER BY max(created_at) DESC, session_id LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows.map((r) => ({
    sessionId: r.session_id,
    runCount: r.run_count,
    firstAt: new Date(r.first_at).toISOString(),
    lastAt: new Date(r.last_at).toISOString(),
    lastModelId: r.last_model_id,
  }));
}

/** A session's requests in order; another user's session reads as not found. */
export async function getSession(
  db: Queryable,
  userId: number,
  sessionId: string,
): Promise<GenerationSession> {
  const rows = await db.query<RunRow>(
    `SELECT session_id, seq, created_at, model_id, duration_ms, request, response
     FROM generation_runs WHERE session_id = $1 AND user_id = $2 ORDER BY seq LIMIT 1000`,
    [sessionId, userId],
  );
  if (rows.length === 0) throw notFound(`No generation session ${sessionId}`);
  return {
    sessionId,
    runs: rows.map((r): GenerationRun => ({
      seq: r.seq,
      at: new Date(r.created_at).toISOString(),
      modelId: r.model_id,
      durationMs: r.duration_ms,
      request: r.request,
      response: r.response,
    })),
  };
}
