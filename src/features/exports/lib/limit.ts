/**
 * At most `concurrency` calls of `run` at once; the others wait in order. An aborted caller
 * leaves the queue without taking a place.
 */
export function createLimiter(concurrency: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return async function limit<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (active >= concurrency) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        };
        const cancel = () => {
          const i = waiting.indexOf(go);
          if (i >= 0) waiting.splice(i, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        };
        if (signal?.aborted) return cancel();
        signal?.addEventListener('abort', cancel, { once: true });
        waiting.push(go);
      });
    }
    active += 1;
    try {
      return await run();
    } finally {
      next();
    }
  };
}
