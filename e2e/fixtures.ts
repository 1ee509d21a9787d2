import { test as base, expect } from '@playwright/test';
import { startConsole, type RunningConsole } from './consoles';

/**
 * `test` with the worker's own console (e2e/consoles.ts: `npm start`'s server on a copy of the
 * run's seeded data) as `baseURL`, and a page that records uncaught page errors and console
 * errors: a journey fails when the console threw, and a failing journey shows what the browser
 * said, not only a blank screenshot.
 */
export const test = base.extend<{ dataDir: string }, { workerConsole: RunningConsole }>({
  workerConsole: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const running = await startConsole();
      await use(running);
      await running.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ workerConsole }, use) => use(workerConsole.baseURL),
  /** The DATA_DIR of the console this test drives. */
  dataDir: async ({ workerConsole }, use) => use(workerConsole.dataDir),
  page: async ({ page }, use, testInfo) => {
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    await use(page);

    const said = [...pageErrors, ...consoleErrors];
    if (said.length > 0) {
      await testInfo.attach('browser errors', {
        body: said.join('\n\n'),
        contentType: 'text/plain',
      });
    }
    if (testInfo.status === testInfo.expectedStatus) {
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    }
  },
});

export { expect };
