import { expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';

// On the embedded platform the export dashboard follows the list live
// (`GET /api/query/v1/exports/live`): an export started elsewhere shows, and then its end, with no
// reload and no poll (with nothing running when it opened, the dashboard never polled at all).

test('the dashboard shows an export started through the API, and its end, without a reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const lists: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/query/v1/exports') lists.push(Date.now());
  });
  await page.goto('/exports');
  await expect(page.getByText(/datasets watched · updated as exports change/)).toBeVisible();
  const counts = page.getByRole('group', { name: 'Filter by status' });
  const allButton = counts.getByRole('button', { name: /All exports/ });
  const table = page.getByRole('table', { name: 'Exports' });
  // The sample's earlier exports are drawn (the figures follow the list within 250 ms).
  await expect(table.getByRole('row', { name: /Regional targets/ }).first()).toBeVisible();
  const before = Number(/(\d+)$/.exec((await allButton.textContent()) ?? '')![1]);
  expect(before).toBeGreaterThan(0);
  await expect(table.getByRole('row', { name: /e2e-live/ })).toHaveCount(0);

  // Started through the API, as another user's tab or a script would.
  const datasets = (await (await page.request.get('/api/data/v3/datasources')).json()) as Array<{
    id: string;
    name: string;
  }>;
  const targets = datasets.find((d) => d.name === 'Regional targets')!;
  const started = Date.now();
  const answer = await page.request.post(`/api/query/v1/export/${targets.id}`, {
    data: { bucket: 'e2e-live', queryRequest: { useCache: false } },
  });
  expect(answer.ok()).toBe(true);

  const row = table.getByRole('row', { name: /e2e-live/ });
  await expect(row).toBeVisible({ timeout: 5_000 });
  await expect(row).toContainText('Succeeded', { timeout: 10_000 });
  const shownIn = Date.now() - started;
  await expect(allButton).toHaveText(new RegExp(`All exports\\s*${before + 1}$`));
  testInfo.annotations.push({ type: 'shown in', description: `${shownIn} ms` });
  expect(shownIn).toBeLessThan(3_000);

  // Nothing runs now, and nothing is polled: the list is read only when it changed.
  const reads = lists.length;
  await page.waitForTimeout(3_500);
  expect(lists.length).toBe(reads);

  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screenshots');
  await page.screenshot({ path: `${dir}/exports-live-1440.png`, fullPage: true });
  await expectAccessibleInBothThemes(page, 'export monitoring, followed live');
});

test('the dashboard polls, and says so, while the platform refuses its live read', async ({
  page,
}, testInfo) => {
  // What the platform answers when the user or the process has too many live reads open.
  await page.route('**/api/query/v1/exports/live', (route) =>
    route.fulfill({
      status: 503,
      json: { status: 503, statusReason: 'Service Unavailable', message: 'Too many live reads' },
    }),
  );
  const lists: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/query/v1/exports') lists.push(Date.now());
  });
  await page.goto('/exports');
  await expect(
    page.getByText(/datasets watched · live updates paused, refreshing every 3 s/),
  ).toBeVisible();
  const reads = lists.length;
  await expect.poll(() => lists.length, { timeout: 8_000 }).toBeGreaterThan(reads);
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screenshots');
  await page.screenshot({ path: `${dir}/exports-live-paused.png` });
  await expectNoSeriousA11y(page, 'export monitoring, live read paused');
});
