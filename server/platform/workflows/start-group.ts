import type { Db, Statement } from '../store';

interface Waiting {
  statements: Statement[];
  resolve: (results: unknown[][]) => void;
  reject: (error: unknown) => void;
}

/** At most this many starts go in one transaction. */
export const GROUP_MAX = 50;

/**
 * Starts that arrive together are written together: each start's batch (its run, first line,
 * job and audit event) waits while the store is busy with the groups before it, then goes in one
 * transaction with the others that waited, and each caller gets its own statements' results
 * once that transaction commits. When a group fails, its starts are written again one by one,
 * so one start's failure is its own. PGlite runs one group at a time (its one connection);
 * PostgreSQL up to ten, the pool's connections (fewer, and a group's statements, one after
 * another on one connection, answered later than ten starts side by side: measured).
 */
export class StartGroups {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  /** Transactions written (tests count them). */
  transactions = 0;

  constructor(
    private readonly db: Db,
    private readonly parallel = db.kind === 'pglite' ? 1 : 10,
  ) {}

  /** `statements` committed as one start among others; its results, as `Db.batch` answers them. */
  write(statements: Statement[]) {
    return new Promise<unknown[][]>((resolve, reject) => {
      this.waiting.push({ statements, resolve, reject });
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
        this.transactions++;
        const results = await this.db.batch(group.flatMap((g) => g.statements));
        let at = 0;
        for (const g of group) {
          g.resolve(results.slice(at, at + g.statements.length));
          at += g.statements.length;
        }
        return;
      } catch {
        // Whose start failed is not known: each is written alone, and fails alone.
      }
    }
    for (const g of group) {
      this.transactions++;
      await this.db.batch(g.statements).then(g.resolve, g.reject);
    }
  }
}
