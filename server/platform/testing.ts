import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../config';
import { startEmbeddedPlatform, type PlatformOptions } from './server';
import type { Db } from './store';
import type { EmbeddedPlatform } from './types';

export interface TestPlatform extends EmbeddedPlatform {
  dataDir: string;
  /** The platform's store, for what a test sets up directly (such as minted access tokens). */
  db: Db;
  /** fetch against the platform with the developer token (or `headers` as given). */
  api(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/**
 * A platform on a fresh temporary DATA_DIR. With DATABASE_URL set, the store is that
 * PostgreSQL server, in a schema of its own, so test files may run side by side.
 */
export async function startTestPlatform(
  options: Partial<Omit<PlatformOptions, 'config'>> & { env?: Record<string, string> } = {},
): Promise<TestPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-test-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    PLATFORM_DEVELOPER_TOKEN: 'test-developer-token',
    PLATFORM_SESSION_TOKEN: 'test-session-token',
    PLATFORM_ACCESS_TOKEN: 'test-access-token',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...options.env,
  });
  const schema = config.databaseUrl ? `t_${randomUUID().replace(/-/g, '').slice(0, 16)}` : undefined;
  const platform = await startEmbeddedPlatform({ schema, ...options, config });
  return {
    ...platform,
    dataDir,
    api(pathname, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('X-SERVICE-Developer-Token') && !init.headers)
        headers.set('X-SERVICE-Developer-Token', platform.tokens.developer);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      return fetch(platform.url + pathname, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
    },
    async close() {
      await platform.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
