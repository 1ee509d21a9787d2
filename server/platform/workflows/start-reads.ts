import type { Queryable } from '../store';
import { GROUP_MAX } from './start-group';
import { workflowsToStart, type WorkflowRow } from './repository';

/** The workflows this process read last to start runs of (a start writes only where they hold). */
const REMEMBERED = 64;

interface Asked {
  id: string;
  resolve: (row: WorkflowRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The workflows that starts arriving together ask for, read in one statement: each start is
 * read after it arrived (it waits for the read under way to end), and gets its own row or none.
 *
 * The last workflows read are remembered (`last`), so that a start of one started before needs
 * no read at all: its run is written only where the workflow still has that version and its
 * user still sees it, in the write's own statement (run-repository.ts `insertRuns`), and a start
 * whose write finds it changed reads it again (`forget`). A workflow's owner never changes, so
 * whether a user sees a remembered workflow is decided on it as remembered.
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

  read(id: string) {
    return new Promise<WorkflowRow | undefined>((resolve, reject) => {
      this.waiting.push({ id, resolve, reject });
      this.next();
    });
  }

  private next() {
    if (this.busy || !this.waiting.length) return;
    const group = this.waiting.splice(0, GROUP_MAX);
    this.busy = true;
    void workflowsToStart(
      this.db,
      group.map((g) => g.id),
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
