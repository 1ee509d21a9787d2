import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startTestPlatform, type TestPlatform } from './index';

/** Where the generation tests send their requests. */
export const generationPath = '/api/ai/v1/text/generation';

export interface ProviderPlatforms {
  /** A platform with the built-in provider only. */
  platform: TestPlatform;
  /** A platform whose OpenAI-compatible provider is the fake server (model `small-chat`). */
  withProvider: TestPlatform;
  /** What `withProvider` logged. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * The generation tests' setup: a fake OpenAI-compatible server answering with `handler`, a
 * platform without it and one that uses it, with `apiKey` and the GENERATION_* settings in `env`.
 */
export async function startProviderPlatforms(
  handler: http.RequestListener,
  apiKey: string,
  env: Record<string, string> = {},
): Promise<ProviderPlatforms> {
  const provider = http.createServer(handler);
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
  const logs: string[] = [];
  const platform = await startTestPlatform();
  const withProvider = await startTestPlatform({
    log: (line) => logs.push(line),
    env: {
      GENERATION_OPENAI_BASE_URL: url,
      GENERATION_OPENAI_API_KEY: apiKey,
      GENERATION_OPENAI_MODELS: 'small-chat',
      GENERATION_DEFAULT_MODEL: 'small-chat',
      GENERATION_TIMEOUT_SECONDS: '20',
      ...env,
    },
  });
  return {
    platform,
    withProvider,
    logs,
    async close() {
      provider.closeAllConnections();
      await new Promise((resolve) => provider.close(resolve));
      await platform.close();
      await withProvider.close();
    },
  };
}

/**
 * `startProviderPlatforms` for a whole test file: started before its tests (two platforms start and
 * seed on a machine shared with other work: up to 180 s), closed after them. Read `platform`,
 * `withProvider` and `logs` inside tests.
 */
export function useProviderPlatforms(
  handler: http.RequestListener,
  apiKey: string,
  env: Record<string, string> = {},
): Omit<ProviderPlatforms, 'close'> {
  let started: ProviderPlatforms | undefined;
  const get = () => {
    if (!started) throw new Error('the platforms have not started');
    return started;
  };
  beforeAll(async () => {
    started = await startProviderPlatforms(handler, apiKey, env);
  }, 180_000);
  afterAll(() => started?.close());
  return {
    get platform() {
      return get().platform;
    },
    get withProvider() {
      return get().withProvider;
    },
    get logs() {
      return get().logs;
    },
  };
}

/** The longest the event loop went without running a 5 ms timer while `work` ran. */
export async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    return { result: await work(), stallMs };
  } finally {
    clearInterval(timer);
  }
}

/** What the fake chat server does: its latency, 429s to come, and how it answers a prompt. */
export interface FakeChat {
  handler: http.RequestListener;
  /** Milliseconds before each answer. */
  latencyMs: number;
  /** The next `count` requests answer 429 with this `retry-after` (seconds; none when undefined). */
  rateLimit(count: number, retryAfter?: string): void;
  /** How it answers: the last user message in, the content out (default: an echo of it). */
  answer: (prompt: string, system: string | undefined) => string;
  /** Requests received, 429s included. */
  calls: number;
  /** When each 429 was answered and each request after one arrived (ms epoch). */
  times: number[];
  /** Requests being answered now, and the most at once. */
  inFlight: number;
  maxInFlight: number;
}

/**
 * A fake OpenAI-compatible chat server (non-streamed answers): configurable latency, injectable
 * 429s with a retry-after, an answer made from the prompt; it counts what it receives.
 */
export function fakeChat(latencyMs = 0): FakeChat {
  let limited: { count: number; retryAfter?: string } = { count: 0 };
  const chat: FakeChat = {
    latencyMs,
    calls: 0,
    times: [],
    inFlight: 0,
    maxInFlight: 0,
    answer: (prompt) => prompt,
    rateLimit(count, retryAfter) {
      limited = { count, retryAfter };
    },
    handler(req, res) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        chat.calls++;
        chat.times.push(Date.now());
        if (limited.count > 0) {
          limited.count--;
          res.writeHead(429, {
            'content-type': 'application/json',
            ...(limited.retryAfter !== undefined ? { 'retry-after': limited.retryAfter } : {}),
          });
          res.end(JSON.stringify({ error: { message: 'slow down' } }));
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          messages: Array<{ role: string; content: string }>;
        };
        const user = body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
        const system = body.messages.find((m) => m.role === 'system')?.content;
        chat.inFlight++;
        chat.maxInFlight = Math.max(chat.maxInFlight, chat.inFlight);
        setTimeout(() => {
          chat.inFlight--;
          const content = chat.answer(user, system);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content } }],
              usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
            }),
          );
        }, chat.latencyMs);
      });
    },
  };
  return chat;
}
