import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
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

/** What a live read needs of the platform: its wakes (the queue's signals) and its log. */
export type LiveDeps = Pick<PlatformDeps, 'queue' | 'log'>;

const open = new WeakMap<object, number>();

const EVENT_STREAM_HEAD = {
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

/**
 * Answers a live read: `read` runs at once, then on each wake of `topics` (jobs/signals.ts: in
 * this process, and on PostgreSQL from the others) and every `rereadMs`; its messages are sent
 * as server-sent events. The caller has already checked access (a 404 comes before the stream).
 */
export function liveStream(
  c: Context<PlatformEnv>,
  deps: LiveDeps,
  topics: string[],
  read: (hint: ReadHint) => Promise<LiveRead>,
  /** What every change wakes (a workflow run) is re-read less often (× rereadMs). */
  { rereadEvery = 1 } = {},
) {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  // No path calls a live read in-process (a custom app's paths, apps/app-paths.ts, have none).
  if (!outgoing) throw new PlatformError(400, 'A live read is answered over HTTP only');
  // HEAD: the head alone, no stream.
  if (c.req.method === 'HEAD') return c.body(null, 200, EVENT_STREAM_HEAD);
  const key = deps.queue;
  const count = open.get(key) ?? 0;
  if (count >= liveLimits.maxOpen)
    throw new PlatformError(
      503,
      `Too many live reads are open (${liveLimits.maxOpen}); read the resource instead, or try again shortly`,
    );
  open.set(key, count + 1);
  const rereadMs = liveLimits.rereadMs * rereadEvery;
  const closed = () => open.set(key, (open.get(key) ?? 1) - 1);
  const failed = (error: unknown) => {
    if (!(error instanceof PlatformError))
      deps.log(
        `live read ${c.req.path} trace ${c.get('traceId')}: ${error instanceof Error ? error.stack : String(error)}`,
      );
  };
  // Served by Node (@hono/node-server): the events go straight to the socket, each read's in
  // one write, without a web stream between (each of those cost a share of the one thread
  // that a hundred live reads and their requests share).
  const sink = socketSink(outgoing);
  void follow(sink, deps, topics, read, rereadMs)
    .catch(async (error: unknown) => {
      failed(error);
      // The stream ends with an `error` event; the client reads the resource again.
      const message = error instanceof Error ? error.message : String(error);
      await sink.write(eventText({ event: 'error', data: message }, false));
    })
    .catch(() => undefined)
    .finally(() => {
      closed();
      sink.end();
    });
  return RESPONSE_ALREADY_SENT;
}

/** Where a live read's text goes. `over`: the client has gone (or the stream was closed). */
interface Sink {
  write(text: string): Promise<unknown>;
  onAbort(fn: () => void): void;
  readonly over: boolean;
  end(): void;
}

/** An event's text: `data` as JSON, or as it is when `json` is false (a line each). */
function eventText({ event, id, data }: LiveMessage, json = true) {
  const lines = json ? [JSON.stringify(data)] : String(data).split(/\r\n|\r|\n/);
  const head = `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}`;
  return `${head}${lines.map((line) => `data: ${line}\n`).join('')}\n`;
}

/**
 * text/event-stream written on Node's response itself, waiting for `drain` when it is full, at
 * most `heartbeatMs` (a client that reads nothing for that long is cut off). A response whose
 * client left before the stream began (while its access was checked) is over at once: Node
 * emitted its `close` before anyone listened, and a write to it never drains.
 */
export function socketSink(outgoing: ServerResponse): Sink {
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
        }, liveLimits.heartbeatMs);
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

async function follow(
  stream: Sink,
  deps: LiveDeps,
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
    while (!stream.over) {
      const now = Date.now();
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
        if (woken || stream.over) rouse();
      });
      rouse = undefined;
    }
  } finally {
    for (const off of offs) off();
  }
}
