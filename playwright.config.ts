import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './e2e/chromium';

const CI = !!process.env.CI;
const port = Number(process.env.E2E_PORT ?? 5179);
const baseURL = `http://127.0.0.1:${port}`;

const dataDir = process.env.E2E_DATA_DIR ?? freshDataDir();

// A fresh embedded platform per run, so every run starts from the sample data alone. The config
// is loaded again in each worker: the folder is made once, in the runner, and handed down through
// the environment. It is deleted when the runner exits (after the web server has stopped), unless
// E2E_KEEP_DATA is set or the caller chose the folder with E2E_DATA_DIR.
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-console-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  if (!process.env.E2E_KEEP_DATA)
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: CI,
  workers: CI ? 1 : undefined,
  retries: CI ? 1 : 0,
  // The JSON report is what `npm test` sums into its closing line (scripts/test-all.ts).
  reporter: [
    ['list'],
    ['html', { open: 'never' }],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || 'test-results/report.json' }],
  ],
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
  webServer: {
    // E2E_DIST builds into a folder of its own, so that several runs can share a work tree.
    command: process.env.E2E_DIST
      ? `npx vite build --logLevel warn --emptyOutDir --outDir ${process.env.E2E_DIST} && node scripts/build-server.mjs && node --enable-source-maps .build/server/main.mjs`
      : 'npm start',
    url: `${baseURL}/gateway/status`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM first, so the embedded platform closes its database and releases its lock.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // Playwright merges this over process.env, so a variable cannot be removed here, only
    // emptied; the server treats an empty variable as unset (server/config.ts). The browser
    // tests always run on the embedded platform with PGlite: .ci/run exports DATABASE_URL for
    // the PostgreSQL integration tests, and a developer may have one or an upstream instance in
    // the shell, but the journeys must not depend on, nor write into, either.
    env: {
      PORT: String(port),
      CONSOLE_DIST_DIR: process.env.E2E_DIST ?? '',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PLATFORM_BASE_URL: '',
      PLATFORM_API_URL: '',
    },
  },
});
