import { WorkerThread } from '../core/worker-thread';

export type Work = { op: 'count'; text: string } | { op: 'first'; text: string; max: number };
export type TokenRequest = Work & { id: number };
export type TokenAnswer =
  | { id: number; ok: true; tokens: number; text?: string }
  | { id: number; ok: false; message: string };

/**
 * A thread with nothing to do stops after this long (its tokenizer tables take tens of MiB), and
 * the next count starts it again (which that count alone waits for).
 */
const IDLE_MS = 5 * 60_000;

const workerFile = new URL('./tokens-worker.mjs', import.meta.url);

/**
 * Every text is counted on a thread of its own, one text at a time in arrival order, so that no
 * prompt holds the platform's event loop: neither a long one nor the tokenizer's loading (its
 * module is compiled and its tables built on the first count, which would hold every request).
 */
class TokenThread {
  private readonly pending = new Map<
    number,
    { resolve: (a: TokenAnswer & { ok: true }) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private readonly thread = new WorkerThread<TokenRequest, TokenAnswer>(
    workerFile,
    'The token counter',
    IDLE_MS,
    (answer) => {
      const waiter = this.pending.get(answer.id);
      if (!waiter) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiter.resolve(answer);
      else waiter.reject(new Error(`Counting tokens failed: ${answer.message}`));
      if (this.pending.size === 0) this.thread.rest();
    },
    (why) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(why));
      this.pending.clear();
    },
    () => this.pending.size > 0,
  );

  send(request: Work): Promise<TokenAnswer & { ok: true }> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.thread.post({ ...request, id });
    });
  }
}

const thread = new TokenThread();

/** The number of tokens of a text, counted where it cannot block the event loop. */
export async function countTokensAsync(text: string): Promise<number> {
  return (await thread.send({ op: 'count', text })).tokens;
}

/** The first `max` tokens of a text, as text, cut where it cannot block the event loop. */
export async function firstTokensAsync(
  text: string,
  max: number,
): Promise<{ text: string; tokens: number }> {
  const answer = await thread.send({ op: 'first', text, max });
  return { text: answer.text ?? text, tokens: answer.tokens };
}
