import http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  generationSession,
  messageError,
  textGenerationDelta,
  textGenerationResponse,
  textGenerationStreamError,
} from '../../../src/api/contract';
import { generationPath, useProviderPlatforms } from '../testing/provider';
import { BUILT_IN_STREAM_PIECES } from './providers';

const API_KEY = 'sk-stream-test-key-0123456789';

type Respond = (res: http.ServerResponse, body: Record<string, unknown>) => void;
let respond: Respond;
const providerClosed: Promise<void>[] = [];
const fixture = useProviderPlatforms((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  providerClosed.push(new Promise((resolve) => res.on('close', resolve)));
  req.on('end', () =>
    respond(res, JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>),
  );
}, API_KEY);

interface Received {
  event: string;
  data: unknown;
  at: number;
}

/** Reads server-sent events as they arrive, with the time each one came. */
async function readEvents(res: Response): Promise<Received[]> {
  const events: Received[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += value;
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      events.push({ event, data: JSON.parse(data), at: performance.now() });
    }
  }
  expect(pending).toBe('');
  return events;
}

const streamed = (json: unknown, on = fixture.platform, signal?: AbortSignal) =>
  on.api(generationPath, {
    method: 'POST',
    json,
    headers: { accept: 'text/event-stream', 'X-SERVICE-Developer-Token': on.tokens.developer },
    signal,
  });
const plain = (json: unknown, on = fixture.platform) =>
  on.api(generationPath, { method: 'POST', json });

const deltasOf = (events: Received[]) =>
  events.filter((e) => e.event === 'delta').map((e) => textGenerationDelta.parse(e.data).text);

/** An OpenAI-style stream of `pieces`, a few ms apart, with the usage last and `[DONE]`. */
const streamPieces =
  (pieces: string[], gapMs = 5): Respond =>
  (res, body) => {
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { content: pieces.join('') } }],
          usage: {
            prompt_tokens: 7,
            completion_tokens: pieces.length,
            total_tokens: 7 + pieces.length,
          },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let at = 0;
    const next = () => {
      if (res.destroyed) return;
      if (at < pieces.length) {
        // A chunk may split an event anywhere: the platform's reader must not care.
        const event = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: pieces[at++] } }] })}\n\n`;
        res.write(event.slice(0, 9));
        res.write(event.slice(9));
        setTimeout(next, gapMs);
        return;
      }
      const usage = {
        prompt_tokens: 7,
        completion_tokens: pieces.length,
        total_tokens: 7 + pieces.length,
      };
      res.end(`data: ${JSON.stringify({ choices: [], usage })}\n\ndata: [DONE]\n\n`);
    };
    next();
  };

describe('streamed text generation: the built-in model', () => {
  const request = {
    input: 'Sales rose twelve percent in the North, and the South held steady through the quarter.',
    promptTemplate: 'Summarise: ${input}',
  };

  it('sends the output in pieces, in order, that make the plain answer, then that answer', async () => {
    const res = await streamed({ ...request, sessionId: 'stream-built-in' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(res);
    const deltas = deltasOf(events);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.length).toBeLessThanOrEqual(BUILT_IN_STREAM_PIECES);
    expect(events.at(-1)!.event).toBe('done');
    expect(events.filter((e) => e.event !== 'delta')).toHaveLength(1);
    // Pieces come over time, not all at once at the end.
    expect(events.at(-1)!.at - events[0]!.at).toBeGreaterThan(100);

    const done = textGenerationResponse.parse(events.at(-1)!.data);
    expect(deltas.join('')).toBe(done.output);
    const whole = textGenerationResponse.parse(
      await (await plain({ ...request, sessionId: 'stream-built-in' })).json(),
    );
    expect(done).toEqual(whole);

    // Kept with its session like any run.
    const session = generationSession.parse(
      await (await fixture.platform.api(`${generationPath}/sessions/stream-built-in`)).json(),
    );
    expect(session.runs.map((r) => r.response.output)).toEqual([done.output, whole.output]);
  });

  it('refuses what the plain request refuses, with the same status and body', async () => {
    const res = await streamed({ ...request, model: 'no-such-model' });
    expect(res.status).toBe(400);
    expect(messageError.parse(await res.json()).message).toMatch(
      /"no-such-model" is not configured/,
    );
    const long = await streamed({
      input: 'x'.repeat(200_000),
      promptTemplate: '${input}${input}${input}',
    });
    expect(long.status).toBe(400);
    expect(messageError.parse(await long.json()).message).toMatch(
      /the limit is 400,000 characters/,
    );
  });
});

describe('streamed text generation: an OpenAI-compatible provider', () => {
  it('asks the provider to stream and hands its pieces on, as the plain answer', async () => {
    const pieces = ['The ', 'North ', 'grew; ', 'the South ', 'held.'];
    let asked: Record<string, unknown> = {};
    respond = (res, body) => {
      asked = body;
      streamPieces(pieces)(res, body);
    };
    const events = await readEvents(
      await streamed({ input: 'x', sessionId: 'stream-openai' }, fixture.withProvider),
    );
    expect(asked).toMatchObject({ stream: true, model: 'small-chat' });
    expect(deltasOf(events)).toEqual(pieces);
    const done = textGenerationResponse.parse(events.at(-1)!.data);
    expect(done.output).toBe(pieces.join(''));
    expect(done.usage).toEqual({ inputTokens: 7, outputTokens: 5, totalTokens: 12 });

    const whole = textGenerationResponse.parse(
      await (await plain({ input: 'x', sessionId: 'stream-openai' }, fixture.withProvider)).json(),
    );
    expect(asked.stream).toBeUndefined();
    expect(done).toEqual(whole);
  });

  it(
    'fails with an error event naming the limit when the stream grows past 4 MiB',
    { timeout: 60_000 },
    async () => {
      const piece = 'a'.repeat(64 * 1024);
      let written = 0;
      respond = (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const event = `data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`;
        const more = () => {
          while (written < 16 * 1024 * 1024 && !res.destroyed) {
            written += piece.length;
            if (!res.write(event)) return void res.once('drain', more);
          }
          res.end('data: [DONE]\n\n');
        };
        more();
      };
      const events = await readEvents(await streamed({ input: 'x' }, fixture.withProvider));
      const last = events.at(-1)!;
      expect(last.event).toBe('error');
      expect(textGenerationStreamError.parse(last.data)).toEqual({
        message: "the model provider's answer grew past 4 MiB, the limit: the rest was not read",
        status: 502,
      });
      const kept = deltasOf(events).join('').length;
      expect(kept).toBeGreaterThan(3 * 1024 * 1024);
      expect(kept).toBeLessThanOrEqual(4 * 1024 * 1024);
      expect(written).toBeLessThan(12 * 1024 * 1024);
    },
  );

  it(
    'fails on one endless event (no line end) at the same limit',
    { timeout: 60_000 },
    async () => {
      respond = (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const more = () => {
          for (let i = 0; i < 100 && !res.destroyed; i++)
            if (!res.write(`data: ${'b'.repeat(64 * 1024)}`)) return void res.once('drain', more);
          res.end();
        };
        more();
      };
      const events = await readEvents(await streamed({ input: 'x' }, fixture.withProvider));
      expect(events.map((e) => e.event)).toEqual(['error']);
      expect(textGenerationStreamError.parse(events[0]!.data).message).toMatch(
        /grew past 4 MiB, the limit/,
      );
    },
  );

  it('never relays the key: a refusal before the stream, or an error inside it', async () => {
    respond = (res) =>
      res.writeHead(401).end(JSON.stringify({ error: { message: `Bad key Bearer ${API_KEY}` } }));
    const refused = await streamed({ input: 'x' }, fixture.withProvider);
    expect(refused.status).toBe(502);
    const refusal = messageError.parse(await refused.json()).message;
    expect(refusal).toContain('[redacted]');

    respond = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Hel' } }] })}\n\n`);
      res.end(
        `data: ${JSON.stringify({ error: { message: `quota of ${API_KEY} (sk-proj-AbCdEf123456) exceeded` } })}\n\n`,
      );
    };
    const res = await streamed({ input: 'x' }, fixture.withProvider);
    const text = await res.text();
    expect(text).toContain('event: error');
    expect(text).toContain('the model provider failed while streaming: quota of [redacted]');
    for (const secret of [API_KEY, 'sk-proj-AbCdEf123456'])
      expect(refusal + text + fixture.logs.join('\n')).not.toContain(secret);
  });

  it('ends the provider’s request when the client goes away', async () => {
    respond = streamPieces(
      Array.from({ length: 100 }, (_, i) => `w${i} `),
      50,
    );
    const client = new AbortController();
    const before = providerClosed.length;
    const res = await streamed({ input: 'x' }, fixture.withProvider, client.signal);
    const reader = res.body!.getReader();
    await reader.read();
    const started = performance.now();
    client.abort();
    await providerClosed[before];
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
