import { inBackground } from '../store/priority';

/**
 * Background work that a clean stop waits for, so nothing acknowledged is lost. Its statements
 * wait behind a request's on PGlite (store/priority.ts).
 */
export class Jobs {
  private readonly running = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly log: (line: string) => void) {}

  /** Runs `task` in the background; a failure is logged, never thrown into a request. */
  run(name: string, task: () => Promise<unknown>) {
    if (this.stopped) return;
    const p = inBackground(task)
      .catch((error: unknown) => this.log(`job ${name} failed: ${String(error)}`))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Runs `task` every `ms`, never two at once. */
  every(name: string, ms: number, task: () => Promise<unknown>) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.stopped) return;
      busy = true;
      this.run(name, () => task().finally(() => (busy = false)));
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.settled();
  }

  /** Resolves once no work runs (what runs now, and what it starts meanwhile, has ended). */
  async settled() {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
