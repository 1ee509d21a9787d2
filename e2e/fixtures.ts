import { test as base, expect } from '@playwright/test';

/**
 * `test` with a page that records uncaught page errors and console errors: a journey fails when
 * the console threw, and a failing journey shows what the browser said, not only a blank
 * screenshot.
 */
export const test = base.extend({
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
