import { AnsweringThread } from '../core/worker-thread';

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
const thread = new AnsweringThread<Omit<RegexRequest, 'id'>, RegexAnswer>(
  workerFile,
  'The regular expression tester',
  IDLE_MS,
);

/** Whether `pattern` matches `text`, tested where it cannot hold the event loop. */
export async function testRegexOffThread(request: Omit<RegexRequest, 'id'>): Promise<RegexOutcome> {
  const answer = await thread.ask(request);
  return 'invalid' in answer ? { invalid: answer.invalid } : answer.found;
}
