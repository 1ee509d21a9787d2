import { AnsweringThread } from '../core/worker-thread';

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
const thread = new AnsweringThread<Work, TokenAnswer>(workerFile, 'The token counter', IDLE_MS);

async function send(work: Work): Promise<TokenAnswer & { ok: true }> {
  const answer = await thread.ask(work);
  if (!answer.ok) throw new Error(`Counting tokens failed: ${answer.message}`);
  return answer;
}

/** The number of tokens of a text, counted where it cannot block the event loop. */
export async function countTokensAsync(text: string): Promise<number> {
  return (await send({ op: 'count', text })).tokens;
}

/** The first `max` tokens of a text, as text, cut where it cannot block the event loop. */
export async function firstTokensAsync(
  text: string,
  max: number,
): Promise<{ text: string; tokens: number }> {
  const answer = await send({ op: 'first', text, max });
  return { text: answer.text ?? text, tokens: answer.tokens };
}
