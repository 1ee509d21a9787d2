import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { closedAfterEach } from './testing/fixtures';
import { startFakeUpstream, startGateway, type UpstreamHandler } from './testing/support';

const open = closedAfterEach();

const GAP_MS = 200;
const EVENTS = 4;

interface Producer {
  handler: UpstreamHandler;
  /** When each event was written, as performance.now(). */
  sentAt: number[];
  /** Resolves when the upstream's connection to the gateway closes. */
  closed: Promise<number>;
}

/** An upstream writing `EVENTS` server-sent events `GAP_MS` apart, then ending. */
function eventProducer(): Producer {
  const sentAt: number[] = [];
  let markClosed: (at: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (markClosed = resolve));
  const handler: UpstreamHandler = (_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    let sent = 0;
    const write = () => {
      if (res.destroyed) return;
      res.write(`event: delta\ndata: {"n":${sent}}\n\n`);
      sentAt.push(performance.now());
      if (++sent === EVENTS) res.end();
      else timer = setTimeout(write, GAP_MS);
    };
    let timer = setTimeout(write, 0);
    res.on('close', () => {
      clearTimeout(timer);
      markClosed(performance.now());
    });
  };
  return { handler, sentAt, closed };
}

async function setup(handler: UpstreamHandler, timeoutMs = 150) {
  const upstream = await startFakeUpstream(handler);
  // The deadline is shorter than the gap between two events: only a released deadline passes.
  const gateway = await startGateway({ baseUrl: upstream.url, apiUrl: upstream.url, timeoutMs });
  open.push(upstream, gateway);
  return { upstream, gateway };
}

const decoder = new TextDecoder();

describe('server-sent events through the gateway', () => {
  it('passes each event on as it arrives, never cut by the deadline once the headers came', async () => {
    const producer = eventProducer();
    const { gateway } = await setup(producer.handler);
    const answer = await fetch(`http://${gateway.host}/api/ai/v1/text/generation`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    expect(answer.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(answer.headers.get('x-accel-buffering')).toBe('no');

    const reader = answer.body!.getReader();
    const received: { at: number; text: string }[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.push({ at: performance.now(), text: decoder.decode(value) });
    }
    const text = received.map((r) => r.text).join('');
    expect(text).toBe(
      Array.from({ length: EVENTS }, (_, n) => `event: delta\ndata: {"n":${n}}\n\n`).join(''),
    );
    // The first event was in the browser's hands before the last one was even written.
    expect(producer.sentAt).toHaveLength(EVENTS);
    expect(received[0]!.at).toBeLessThan(producer.sentAt[EVENTS - 1]!);
    expect(received.length).toBeGreaterThanOrEqual(EVENTS);
  });

  it('ends the upstream request when the browser goes away', async () => {
    const producer = eventProducer();
    const { gateway } = await setup(producer.handler);
    const browser = new AbortController();
    const answer = await fetch(`http://${gateway.host}/api/runs/r-1/log`, {
      headers: { accept: 'text/event-stream' },
      signal: browser.signal,
    });
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toContain('"n":0');
    browser.abort();
    const closedAt = await producer.closed;
    // Closed long before the upstream would have finished on its own.
    expect(producer.sentAt.length).toBeLessThan(EVENTS);
    expect(closedAt).toBeLessThan(producer.sentAt[0]! + (EVENTS - 1) * GAP_MS);
  });

  it('still answers 504 when the event stream’s headers do not come within the deadline', async () => {
    const { gateway } = await setup((_req, res) => {
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'text/event-stream' }).end();
      }, 600);
    });
    const answer = await fetch(`http://${gateway.host}/api/runs/r-1/log`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(answer.status).toBe(504);
    expect(await answer.json()).toMatchObject({
      message: 'The platform did not answer within 150 ms',
    });
  });
});
