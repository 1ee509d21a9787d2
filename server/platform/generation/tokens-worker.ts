import { parentPort } from 'node:worker_threads';
import { countTokens, firstTokens } from './tokens';
import type { TokenAnswer, TokenRequest } from './token-thread';

/** Counts tokens off the platform's event loop (token-thread.ts sends the work). */
parentPort!.on('message', (request: TokenRequest) => {
  let answer: TokenAnswer;
  try {
    answer =
      request.op === 'count'
        ? { id: request.id, ok: true, tokens: countTokens(request.text) }
        : { id: request.id, ok: true, ...firstTokens(request.text, request.max) };
  } catch (error) {
    answer = { id: request.id, ok: false, message: (error as Error).message };
  }
  parentPort!.postMessage(answer);
});
