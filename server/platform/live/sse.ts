import type { ServerResponse } from 'node:http';
import { JOURNALED, type Signals } from '../jobs/signals';

/** The live reads one process keeps open at once. */
export const MAX_LIVE_READS = 200;
/** The live reads one user keeps open at once: well under the process's, so no user locks others out. */
export const MAX_LIVE_READS_PER_USER = 20;

/**
 * Bounds of the live reads (text/event-stream) of the embedded platform: a comment line every
 * `heartbeatMs` keeps proxies from closing a quiet stream; a stream ends after `maxMs` (the
 * client reconnects with `after=` where it was); at most `maxOpen` are open in one process and
 * `maxOpenPerUser` for one user (503 beyond). Between wakes a stream reads again every
 * `rereadMs`, so a lost wake, or progress written without one, costs at most that long; every
 * `recheckMs` the caller's token and access are decided again. The platform's defaults; tests
 * lower them.
 */
export const liveLimits = {
  heartbeatMs: 15_000,
  maxMs: 5 * 60_000,
  maxOpen: MAX_LIVE_READS,
  maxOpenPerUser: MAX_LIVE_READS_PER_USER,
  rereadMs: 1_000,
  recheckMs: 5_000,
};
export type LiveLimits = typeof liveLimits;

/** How long a browser waits to reconnect a stream closed for its time bound (`retry:`). */
export const RECONNECT_MS = 250;

export const EVENT_STREAM_HEAD = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

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

/** Where a live read's text goes. `over`: the client has gone (or the stream was closed). */
export interface Sink {
  write(text: string): Promise<unknown>;
  onAbort(fn: () => void): void;
  readonly over: boolean;
  end(): void;
}

/** An event's text, its `data` as JSON (one line). */
export function eventText({ event, id, data }: LiveMessage) {
  const head = `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}`;
  return `${head}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * text/event-stream written on Node's response itself, waiting for `drain` when it is full, at
 * most `heartbeatMs` (a client that reads nothing for that long is cut off). A response whose
 * client left before the stream began (while its access was checked) is over at once: Node
 * emitted its `close` before anyone listened, and a write to it never drains.
 */
export function socketSink(outgoing: ServerResponse, heartbeatMs = liveLimits.heartbeatMs): Sink {
  let gone = outgoing.destroyed;
  const aborts: Array<() => void> = [];
  const leave = () => {
    gone = true;
    for (const fn of aborts.splice(0)) fn();
  };
  outgoing.once('close', leave);
  if (!gone) {
    outgoing.writeHead(200, EVENT_STREAM_HEAD);
    outgoing.flushHeaders();
  }
  const over = () => gone || outgoing.destroyed || outgoing.writableEnded;
  return {
    async write(text) {
      if (over() || outgoing.write(text)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          outgoing.off('drain', done);
          outgoing.off('close', done);
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          outgoing.destroy();
          leave();
        }, heartbeatMs);
        outgoing.on('drain', done).on('close', done);
      });
    },
    onAbort: (fn) => void (gone ? fn() : aborts.push(fn)),
    get over() {
      return over();
    },
    end: () => void (over() || outgoing.end()),
  };
}

/**
 * Sends what `read` finds at once, then on each wake of `topics` (jobs/signals.ts: in this
 * process, and on PostgreSQL from the others) and every `rereadMs`, until it is done, its client
 * has gone or `maxMs` has passed; every `recheckMs` `recheck` decides again whether the caller
 * may go on reading (it throws when not).
 */
export async function follow(
  stream: Sink,
  signals: Signals,
  topics: string[],
  read: (hint: ReadHint) => Promise<LiveRead>,
  {
    limits,
    rereadMs,
    recheck,
  }: { limits: LiveLimits; rereadMs: number; recheck: () => Promise<void> },
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
  const offs = topics.map((topic) => signals.on(topic, wake));
  const started = Date.now();
  let lastWrite = Date.now();
  let lastRead = 0;
  let lastCheck = started;
  try {
    while (!stream.over) {
      const now = Date.now();
      if (now - lastCheck >= limits.recheckMs) {
        await recheck();
        lastCheck = Date.now();
        continue;
      }
      if (woken || now - lastRead >= rereadMs) {
        const hint = { journal: woken && journal };
        woken = false;
        journal = true;
        lastRead = now;
        const { messages, done, more } = await read(hint);
        if (messages.length) await stream.write(messages.map((m) => eventText(m)).join(''));
        if (messages.length) lastWrite = Date.now();
        if (done) return;
        if (more) {
          woken = true;
          journal = false;
        }
        continue;
      }
      if (now - started >= limits.maxMs) {
        // Closed for its time bound only: the browser reconnects (with Last-Event-ID) at once,
        // not after its default 3 s.
        await stream.write(`retry: ${RECONNECT_MS}\n\n`);
        return;
      }
      if (now - lastWrite >= limits.heartbeatMs) {
        await stream.write(': keep-alive\n\n');
        lastWrite = now;
      }
      const wait = Math.max(
        1,
        Math.min(
          rereadMs - (now - lastRead),
          limits.heartbeatMs - (now - lastWrite),
          limits.maxMs - (now - started),
          limits.recheckMs - (now - lastCheck),
        ),
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        rouse = () => {
          clearTimeout(timer);
          resolve();
        };
        if (woken || stream.over) rouse();
      });
      rouse = undefined;
    }
  } finally {
    for (const off of offs) off();
  }
}
