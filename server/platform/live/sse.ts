import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { PlatformError } from '../core/errors';
import { JOURNALED } from '../jobs/signals';

/**
 * Bounds of the live reads (text/event-stream) of the embedded platform: a comment line every
 * `heartbeatMs` keeps proxies from closing a quiet stream; a stream ends after `maxMs` (the
 * client reconnects with `after=` where it was); at most `maxOpen` are open in one process
 * (503 beyond). Between wakes a stream reads again every `rereadMs`, so a lost wake, or progress
 * written without one, costs at most that long. Tests lower them.
 */
export const liveLimits = {
  heartbeatMs: 15_000,
  maxMs: 5 * 60_000,
  maxOpen: 200,
  rereadMs: 1_000,
};

/** How long a browser waits to reconnect a stream closed for its time bound (`retry:`). */
export const RECONNECT_MS = 250;

const open = new WeakMap<object, number>();

export interface LiveMessage {
  event: string;
  data: unknown;
  id?: string;
}

/**
 * What one read of a live stream finds: the messages to send, and whether the stream is over
 * (the run or execution has ended and all of it was sent). `more`: read again at once.
 */
export interface LiveRead {
  messages: LiveMessage[];
  done: boolean;
  more?: boolean;
}

/**
 * Why a read runs: `journal` when it is the first read, or every wake since the last read came
 * from this process with the JOURNALED payload (workflows/journal.ts: the writer kept what it
 * wrote); false after a timed re-read, a `more`, or any other wake (the reader reads the store).
 */
export interface ReadHint {
  journal: boolean;
}

/**
 * Answers a live read: `read` runs at once, then on each wake of `topics` (jobs/signals.ts: in
 * this process, and on PostgreSQL from the others) and every `rereadMs`; its messages are sent
 * as server-sent events. The caller has already checked access (a 404 comes before the stream).
 */
export function liveStream(
  c: Context<PlatformEnv>,
  deps: PlatformDeps,
  topics: string[],
  read: (hint: ReadHint) => Promise<LiveRead>,
  /** What every change wakes (a workflow run) is re-read less often (× rereadMs). */
  { rereadEvery = 1 } = {},
) {
  const key = deps.queue;
  const count = open.get(key) ?? 0;
  if (count >= liveLimits.maxOpen)
    throw new PlatformError(
      503,
      `Too many live reads are open (${liveLimits.maxOpen}); read the resource instead, or try again shortly`,
    );
  open.set(key, count + 1);
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(
    c,
    async (stream) => {
      try {
        await follow(stream, deps, topics, read, liveLimits.rereadMs * rereadEvery);
      } finally {
        open.set(key, (open.get(key) ?? 1) - 1);
      }
    },
    (error) => {
      // The stream ends with an `error` event; the client reads the resource again.
      if (!(error instanceof PlatformError))
        deps.log(`live read ${c.req.path} trace ${c.get('traceId')}: ${error.stack ?? error}`);
      return Promise.resolve();
    },
  );
}

async function follow(
  stream: SSEStreamingApi,
  deps: PlatformDeps,
  topics: string[],
  read: (hint: ReadHint) => Promise<LiveRead>,
  rereadMs: number,
) {
  let woken = true;
  let journal = true;
  let rouse: (() => void) | undefined;
  const wake = (payload?: string) => {
    if (payload !== JOURNALED) journal = false;
    woken = true;
    rouse?.();
  };
  stream.onAbort(() => wake());
  const offs = topics.map((topic) => deps.queue.signals.on(topic, wake));
  const started = Date.now();
  let lastWrite = Date.now();
  let lastRead = 0;
  try {
    while (!stream.aborted && !stream.closed) {
      const now = Date.now();
      if (woken || now - lastRead >= rereadMs) {
        const hint = { journal: woken && journal };
        woken = false;
        journal = true;
        lastRead = now;
        const { messages, done, more } = await read(hint);
        for (const m of messages)
          await stream.writeSSE({ event: m.event, id: m.id, data: JSON.stringify(m.data) });
        if (messages.length) lastWrite = Date.now();
        if (done) return;
        if (more) {
          woken = true;
          journal = false;
        }
        continue;
      }
      if (now - started >= liveLimits.maxMs) {
        // Closed for its time bound only: the browser reconnects (with Last-Event-ID) at once,
        // not after its default 3 s.
        await stream.write(`retry: ${RECONNECT_MS}\n\n`);
        return;
      }
      if (now - lastWrite >= liveLimits.heartbeatMs) {
        await stream.write(': keep-alive\n\n');
        lastWrite = now;
      }
      const wait = Math.max(
        1,
        Math.min(
          rereadMs - (now - lastRead),
          liveLimits.heartbeatMs - (now - lastWrite),
          liveLimits.maxMs - (now - started),
        ),
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        rouse = () => {
          clearTimeout(timer);
          resolve();
        };
        if (woken || stream.aborted) rouse();
      });
      rouse = undefined;
    }
  } finally {
    for (const off of offs) off();
  }
}
