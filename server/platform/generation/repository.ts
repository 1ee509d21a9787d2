import type { TextGenerationBody, TextGenerationResponse } from '../../../src/api/contract';
import type { Queryable } from '../store';

export interface RunRow {
  session_id: string;
  seq: number;
  created_at: Date;
  model_id: string;
  duration_ms: number;
  request: TextGenerationBody;
  response: TextGenerationResponse;
}

export interface SessionSummaryRow {
  session_id: string;
  run_count: number;
  first_at: Date;
  last_at: Date;
  last_model_id: string;
}

/** Appends a run to its session as the next seq (a concurrent append of the session: 23505). */
export const insertRun = (
  db: Queryable,
  run: {
    sessionId: string;
    userId: number;
    modelId: string;
    durationMs: number;
    request: TextGenerationBody;
    response: TextGenerationResponse;
  },
) =>
  db.query(
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

/** The sessions of `userId`'s runs, the most recent first. */
export const listSessions = (db: Queryable, userId: number, limit: number, offset: number) =>
  db.query<SessionSummaryRow>(
    `SELECT session_id, count(*)::int AS run_count, min(created_at) AS first_at,
       max(created_at) AS last_at, (array_agg(model_id ORDER BY seq DESC))[1] AS last_model_id
     FROM generation_runs WHERE user_id = $1
     GROUP BY session_id ORDER BY max(created_at) DESC, session_id LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );

/** The users who ran something in the session (what the decision to show it reads). */
export const sessionRunners = async (db: Queryable, sessionId: string) =>
  (
    await db.query<{ user_id: number }>(
      'SELECT DISTINCT user_id FROM generation_runs WHERE session_id = $1',
      [sessionId],
    )
  ).map((row) => row.user_id);

/** `userId`'s runs of the session in order, at most `limit`. */
export const sessionRuns = (db: Queryable, sessionId: string, userId: number, limit: number) =>
  db.query<RunRow>(
    `SELECT session_id, seq, created_at, model_id, duration_ms, request, response
     FROM generation_runs WHERE session_id = $1 AND user_id = $2 ORDER BY seq LIMIT $3`,
    [sessionId, userId, limit],
  );
