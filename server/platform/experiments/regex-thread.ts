import { WorkerThread } from '../core/worker-thread';

/** One pattern tested on one answer, given `timeoutMs` a try and `tries` tries. */
export interface RegexRequest {
  id: number;
  pattern: string;
  flags: string;
  text: string;
  timeoutMs: number;
  tries: number;
}
export type RegexAnswer =
  { id: number; found: boolean | 'timeout' } | { id: number; invalid: string };
export type RegexOutcome = boolean | 'timeout' | { invalid: string };

/** A thread with nothing to do stops after this long; the next test starts another. */
const IDLE_MS = 60_000;

const workerFile = new URL('./regex-worker.mjs', import.meta.url);

/**
 * Scorers' regular expressions are tested on a thread of their own, one at a time in arrival
 * order: a pattern that backtracks holds that thread until its timeout, never the platform's
 * event loop, so the requests of everyone else are answered meanwhile.
 */
class RegexThread {
  private readonly pending = new Map<
    number,
    { resolve: (outcome: RegexOutcome) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private readonly thread = new WorkerThread<RegexRequest, RegexAnswer>(
    workerFile,
    'The regular expression tester',
    IDLE_MS,
    (answer) => {
      const waiter = this.pending.get(answer.id);
      if (!waiter) return;
      this.pending.delete(answer.id);
      waiter.resolve('invalid' in answer ? { invalid: answer.invalid } : answer.found);
      if (this.pending.size === 0) this.thread.rest();
    },
    (why) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(why));
      this.pending.clear();
    },
    () => this.pending.size > 0,
  );

  test(request: Omit<RegexRequest, 'id'>): Promise<RegexOutcome> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.thread.post({ ...request, id });
    });
  }
}

const thread = new RegexThread();

/** Whether `pattern` matches `text`, tested where it cannot hold the event loop. */
export const testRegexOffThread = (request: Omit<RegexRequest, 'id'>) => thread.test(request);
