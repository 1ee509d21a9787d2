import { recordEvents, type AuditRow } from '../audit/record';
import type { JobQueue } from '../jobs/queue';
import { recorded, type Db } from '../store';
import type { JournalLine } from './journal';
import type { RunRow } from './repository';
import { WORKFLOW_RUN_JOB } from './run-state';
import { insertRuns, splitWritten, type NewRun } from './run-repository';

/** What one start writes: its run with its first line, its job and its audit event. */
export interface Start {
  run: NewRun;
  job: { id: string; payload: object };
  audit: AuditRow;
}
/** A start as written: its run (with its number) and its first line. */
export interface Started {
  run: RunRow;
  lines: JournalLine[];
}

interface Waiting {
  start: Start;
  resolve: (started: Started) => void;
  reject: (error: unknown) => void;
}

/** At most this many starts go in one transaction. */
export const GROUP_MAX = 50;

/**
 * Starts that arrive together are written together: each start waits while the store is busy
 * with the groups before it, then goes in one transaction with the others that waited, and each
 * caller gets its own run once that transaction commits. A group is three statements whatever
 * its size (its runs with their first lines, their jobs, their audit events: on PGlite a
 * statement's own cost is most of a start's). When a group fails, its starts are written again
 * one by one, so one start's failure is its own. PGlite runs one group at a time (its one
 * connection); PostgreSQL three (more groups side by side write no faster and answer the starts
 * no sooner: the `workflows` bench measures it).
 */
export class StartGroups {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  /** Transactions written (tests count them). */
  transactions = 0;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly parallel = db.kind === 'pglite' ? 1 : 3,
  ) {}

  /** `start` committed among others: its run as inserted, and its first line. */
  write(start: Start) {
    return new Promise<Started>((resolve, reject) => {
      this.waiting.push({ start, resolve, reject });
      this.next();
    });
  }

  private next() {
    while (this.inFlight < this.parallel && this.waiting.length) {
      const group = this.waiting.splice(0, GROUP_MAX);
      this.inFlight++;
      void this.send(group).finally(() => {
        this.inFlight--;
        this.next();
      });
    }
  }

  private async send(group: Waiting[]) {
    if (group.length > 1) {
      try {
        const written = await this.written(group.map((g) => g.start));
        group.forEach((g, i) => g.resolve(written[i]!));
        return;
      } catch {
        // Whose start failed is not known: each is written alone, and fails alone.
      }
    }
    for (const g of group)
      await this.written([g.start]).then(([started]) => g.resolve(started!), g.reject);
  }

  private async written(starts: Start[]): Promise<Started[]> {
    this.transactions++;
    const jobs = starts.map((s) => s.job);
    // The runs last: their insert locks their workflow's row (its run counter, run-repository.ts)
    // until the commit, so starts of the same workflow written side by side wait the least.
    const results = await this.db.batch([
      ...(await recorded(async (tx) => {
        await this.queue.enqueueAll(tx, WORKFLOW_RUN_JOB, jobs);
        await recordEvents(
          tx,
          starts.map((s) => s.audit),
        );
      })),
      insertRuns(starts.map((s) => s.run)),
    ]);
    const rows = results.at(-1) ?? [];
    const byRun = new Map((rows as Array<{ id: string }>).map((row) => [row.id, row]));
    return starts.map((s) => {
      const { row, lines } = splitWritten<RunRow>([byRun.get(s.run.id)]);
      return { run: row, lines };
    });
  }
}
