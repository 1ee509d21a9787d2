import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './e2e/chromium';

const CI = !!process.env.CI;

// Each worker drives a console of its own (e2e/fixtures.ts, e2e/consoles.ts): `npm start`'s
// server on a copy of one seeded DATA_DIR that e2e/global-setup.ts makes once per run, after
// building what `npm start` builds. So every run starts from the sample data alone, and workers
// never see each other's writes.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  // The JSON report is what `npm test` sums into its closing line (scripts/test-all.ts).
  reporter: [
    ['list'],
    ['html', { open: 'never' }],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || 'test-results/report.json' }],
  ],
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
});
