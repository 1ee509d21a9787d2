import type { Queryable } from '../store';
import { GROUP_MAX } from './start-group';
import { visibleToUser, workflowNotFound, type WorkflowRow } from './repository';

/**
 * The workflows users start runs of (`[workflow id, user id]` each), in one statement: the row
 * of each pair, undefined where the workflow is not there or not visible to that user.
 */
export async function workflowsToStart(db: Queryable, asked: Array<[string, number]>) {
  const rows = await db.query<WorkflowRow & { asked: number }>(
    `SELECT w.*, k.n::int AS asked
     FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS k(id, user_id, n)
     JOIN workflows w ON w.id = k.id
     WHERE ${visibleToUser('k.user_id')}`,
    [asked.map(([id]) => id), asked.map(([, userId]) => userId)],
  );
  const byAsk = new Map(rows.map(({ asked: n, ...row }) => [n, row]));
  return asked.map((_, i) => byAsk.get(i + 1));
}

/** The workflow a user starts a run of; not found when it is not there or not visible to him. */
export async function workflowToStart(
  db: Queryable,
  id: string,
  userId: number,
  read = (i: string, u: number) => workflowsToStart(db, [[i, u]]).then(([row]) => row),
) {
  const row = await read(id, userId);
  if (!row) throw workflowNotFound(id);
  return row;
}

/** The workflows this process read last to start runs of (a start writes only where they hold). */
const REMEMBERED = 64;

interface Asked {
  id: string;
  userId: number;
  resolve: (row: WorkflowRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The workflows that starts arriving together ask for (workflowToStart), read in one
 * statement: each start is read after it arrived (it waits for the read under way to end), with
 * the same visibility rule (repository.ts), and gets its own row or none.
 *
 * The last workflows read are remembered (`last`), so that a start of one started before needs
 * no read at all: its run is written only where the workflow still has that version and its
 * user sees it, in the write's own statement (run-writes.ts `insertRuns`), and a start whose
 * write finds it changed reads it again (`forget`).
 */
export class StartReads {
  private readonly waiting: Asked[] = [];
  private busy = false;
  private readonly remembered = new Map<string, WorkflowRow>();

  constructor(private readonly db: Queryable) {}

  /** The workflow as this process read it last, if it did; maybe changed since. */
  last(id: string) {
    const row = this.remembered.get(id);
    if (row) {
      this.remembered.delete(id);
      this.remembered.set(id, row);
    }
    return row;
  }

  forget(id: string) {
    this.remembered.delete(id);
  }

  private remember(workflow: WorkflowRow) {
    this.remembered.delete(workflow.id);
    this.remembered.set(workflow.id, workflow);
    if (this.remembered.size > REMEMBERED)
      this.remembered.delete(this.remembered.keys().next().value!);
  }

  read(id: string, userId: number) {
    return new Promise<WorkflowRow | undefined>((resolve, reject) => {
      this.waiting.push({ id, userId, resolve, reject });
      this.next();
    });
  }

  private next() {
    if (this.busy || !this.waiting.length) return;
    const group = this.waiting.splice(0, GROUP_MAX);
    this.busy = true;
    void workflowsToStart(
      this.db,
      group.map((g) => [g.id, g.userId]),
    )
      .then(
        (rows) =>
          group.forEach((g, i) => {
            const row = rows[i];
            if (row) this.remember(row);
            g.resolve(row);
          }),
        (error: unknown) => group.forEach((g) => g.reject(error)),
      )
      .finally(() => {
        this.busy = false;
        this.next();
      });
  }
}
