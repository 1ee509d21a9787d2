import { WorkerThread } from '../core/worker-thread';

export type Work = { op: 'count'; text: string } | { op: 'first'; text: string; max: number };
export type TokenRequest = Work & { id: number };
export type TokenAnswer =
  | { id: number; ok: true; tokens: number; text?: string }
  | { id: number; ok: false; message: string };

/** Up to this many characters are counted where asked (a few milliseconds at worst). */
export const INLINE_CHARS = 2_000;
/** A thread with nothing to do stops after this long (its tokenizer tables take ~40 MiB). */
const IDLE_MS = 30_000;

const workerFile = new URL('./tokens-worker.mjs', import.meta.url);

/**
 * Longer texts are counted on a thread of its own, one text at a time in arrival order, so no
 * prompt holds the platform's event loop (issue 23: 100,000 `y` blocked every request 5.8 s).
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

/**
 * Short texts are counted here, with the tokenizer loaded on first use: its tables (about 12 MiB
 * of this thread's heap) are not held by a platform that has not generated since it started.
 */
let inline: Promise<typeof import('./tokens')> | undefined;
const tokenizer = () => (inline ??= import('./tokens'));

/** The number of tokens of a text, counted where it cannot block the event loop. */
export async function countTokensAsync(text: string): Promise<number> {
  if (text.length <= INLINE_CHARS) return (await tokenizer()).countTokens(text);
  return (await thread.send({ op: 'count', text })).tokens;
}

/** The first `max` tokens of a text, as text, cut where it cannot block the event loop. */
export async function firstTokensAsync(
  text: string,
  max: number,
): Promise<{ text: string; tokens: number }> {
  if (text.length <= INLINE_CHARS) return (await tokenizer()).firstTokens(text, max);
  const answer = await thread.send({ op: 'first', text, max });
  return { text: answer.text ?? text, tokens: answer.tokens };
}
