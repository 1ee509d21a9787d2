import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import type { RegexAnswer, RegexRequest } from './regex-thread';

/**
 * A context of its own for the patterns (regex-thread.ts sends them): one that backtracks without
 * end (`(a+)+$`) is stopped after its timeout, and this thread takes the next.
 */
const context = vm.createContext({});
const script = new vm.Script('pattern.test(text)');

function answer(request: RegexRequest): RegexAnswer {
  const { id } = request;
  let pattern: RegExp;
  try {
    pattern = new RegExp(request.pattern, request.flags);
  } catch (error) {
    return { id, invalid: (error as Error).message };
  }
  context.pattern = pattern;
  context.text = request.text;
  try {
    for (let tries = 1; ; tries++) {
      try {
        pattern.lastIndex = 0;
        return { id, found: script.runInContext(context, { timeout: request.timeoutMs }) === true };
      } catch {
        if (tries >= request.tries) return { id, found: 'timeout' };
      }
    }
  } finally {
    context.pattern = undefined;
    context.text = undefined;
  }
}

parentPort!.on('message', (request: RegexRequest) => parentPort!.postMessage(answer(request)));
