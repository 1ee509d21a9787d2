// Loaded into a server that a bench measures (`node --import`, bench/process.ts's
// startProbedConsole), never by the product: it answers the bench's questions over the IPC channel
// the bench opened, so the server's own view of its memory needs no route of its own.
import v8 from 'node:v8';

if (process.send) {
  const answer = (message) => process.send?.(message);
  process.on('message', (message) => {
    const { id, probe } = message ?? {};
    try {
      if (probe === 'memory') {
        // A full collection first: what is left is what something still holds.
        globalThis.gc?.();
        answer({ id, usage: process.memoryUsage() });
      } else if (probe === 'snapshot') {
        globalThis.gc?.();
        answer({ id, file: v8.writeHeapSnapshot(message.file) });
      }
    } catch (error) {
      answer({ id, error: String(error) });
    }
  });
  // The channel never keeps the server running: it stops as it would without the bench.
  process.channel?.unref();
}
