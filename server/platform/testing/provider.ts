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
