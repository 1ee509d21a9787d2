import type { Db, Queryable } from '../store';

/**
 * The statements of the `jobs` table (queue.ts decides when they run): claims under a lease
 * with FOR UPDATE SKIP LOCKED, so two processes on one PostgreSQL never take one job twice, and
 * the outcomes, each only while the lease is this process's.
 */
export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  error: string | null;
}

/** Who claims, for how long. */
export interface Holder {
  owner: string;
  leaseSeconds: number;
}

/** Claims one queued job (this one when `id` is given); undefined when none is free. */
export function claimOne(db: Db, { owner, leaseSeconds }: Holder, kinds: string[], id?: string) {
  return db.transaction(async (tx): Promise<JobRow | undefined> => {
    const [row] = await tx.query<JobRow>(
      `SELECT id, kind, payload, status, attempts, error FROM jobs
       WHERE status = 'queued' AND kind = ANY($1)
         AND ($2::text IS NULL AND created_at < now() - interval '10 seconds' OR id = $2)
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [kinds, id ?? null],
    );
    if (!row) return undefined;
    await tx.query(
      `UPDATE jobs SET status = 'running', lease_owner = $2, attempts = attempts + 1,
         lease_until = now() + make_interval(secs => $3), updated_at = now() WHERE id = $1`,
      [row.id, owner, leaseSeconds],
    );
    return { ...row, status: 'running' as const, attempts: row.attempts + 1 };
  });
}

/**
 * Claims up to `limit` queued jobs of `kind` in one statement, oldest first: any of them when
 * `shared`, else those of `own` and those queued over `fallbackSeconds` ago.
 */
export async function claimBatch(
  db: Db,
  { owner, leaseSeconds }: Holder,
  claim: { kind: string; limit: number; shared: boolean; own: string[]; fallbackSeconds: number },
): Promise<JobRow[]> {
  const rows = await db.query<JobRow & { created_at: Date }>(
    `WITH picked AS (
       SELECT id FROM jobs WHERE status = 'queued' AND kind = $1
         AND ($2 OR id = ANY($3::text[]) OR created_at < now() - make_interval(secs => $4))
       ORDER BY created_at LIMIT $5 FOR UPDATE SKIP LOCKED
     )
     UPDATE jobs j SET status = 'running', lease_owner = $6, attempts = j.attempts + 1,
       lease_until = now() + make_interval(secs => $7), updated_at = now()
     FROM picked WHERE j.id = picked.id
     RETURNING j.id, j.kind, j.payload, j.status, j.attempts, j.error, j.created_at`,
    [
      claim.kind,
      claim.shared,
      claim.shared ? [] : claim.own,
      claim.fallbackSeconds,
      claim.limit,
      owner,
      leaseSeconds,
    ],
  );
  return rows
    .sort((a, b) => +a.created_at - +b.created_at)
    .map(({ id, kind, payload, status, attempts, error }) => ({
      id,
      kind,
      payload,
      status,
      attempts,
      error,
    }));
}

/** The job succeeded, if `owner` still holds it. */
export const markSucceededStatement = (jobId: string, owner: string) => ({
  sql: `UPDATE jobs SET status = 'succeeded', lease_owner = NULL, lease_until = NULL, updated_at = now()
     WHERE id = $1 AND lease_owner = $2 RETURNING id`,
  params: [jobId, owner],
});

export const markSucceeded = (db: Queryable, jobId: string, owner: string) => {
  const { sql, params } = markSucceededStatement(jobId, owner);
  return db.query(sql, params);
};

/** The job failed (only while `owner` holds it, when given); false when it had ended. */
export async function markFailed(tx: Queryable, jobId: string, reason: string, owner?: string) {
  const rows = await tx.query(
    `UPDATE jobs SET status = 'failed', error = $2, lease_owner = NULL, lease_until = NULL, updated_at = now()
     WHERE id = $1 AND status IN ('queued', 'running') AND ($3::text IS NULL OR lease_owner = $3)
     RETURNING id`,
    [jobId, reason, owner ?? null],
  );
  return rows.length > 0;
}

/**
 * The job is queued again for any process to claim (its `error` says why), if it is still
 * expired; when `owner` is given, only while that process holds it (a clean stop hands it back).
 * False when it was not.
 */
export async function requeue(
  tx: Queryable,
  jobId: string,
  reason: string,
  which: { expired: { orphans: boolean; owner: string } } | { owner: string },
) {
  const [still] = await tx.query(
    'expired' in which
      ? `SELECT id FROM jobs WHERE id = $1 AND status = 'running'
           AND (lease_until < now() OR $2 AND lease_owner IS DISTINCT FROM $3)
         FOR UPDATE SKIP LOCKED`
      : `SELECT id FROM jobs WHERE id = $1 AND status = 'running' AND lease_owner = $2 FOR UPDATE`,
    'expired' in which ? [jobId, which.expired.orphans, which.expired.owner] : [jobId, which.owner],
  );
  if (!still) return false;
  await tx.query(
    `UPDATE jobs SET status = 'queued', error = $2, lease_owner = NULL, lease_until = NULL,
       updated_at = now() WHERE id = $1`,
    [jobId, reason],
  );
  return true;
}

/** Running jobs whose lease ran out (or, `orphans`, held by any other process). */
export const expiredJobs = (db: Queryable, orphans: boolean, owner: string) =>
  db.query<JobRow>(
    `SELECT id, kind, payload, status, attempts, error FROM jobs
     WHERE status = 'running' AND (lease_until < now() OR $1 AND lease_owner IS DISTINCT FROM $2)`,
    [orphans, owner],
  );

/** Fails the job with `reason` if it is still expired (locked, skipped when another has it). */
export async function failIfExpired(
  tx: Queryable,
  jobId: string,
  reason: string,
  orphans: boolean,
  owner: string,
) {
  const [still] = await tx.query(
    `SELECT id FROM jobs WHERE id = $1 AND status = 'running'
       AND (lease_until < now() OR $2 AND lease_owner IS DISTINCT FROM $3)
     FOR UPDATE SKIP LOCKED`,
    [jobId, orphans, owner],
  );
  if (!still) return false;
  await tx.query(
    `UPDATE jobs SET status = 'failed', error = $2, lease_owner = NULL, lease_until = NULL, updated_at = now() WHERE id = $1`,
    [jobId, reason],
  );
  return true;
}
