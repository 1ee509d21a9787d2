import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dataFileStream } from '../server/platform/testing/streams';
import { expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';

// Sample data (server/platform/seed): "Regional targets" has 5 rows and a few earlier exports;
// the embedded platform writes exports to DATA_DIR/buckets/<bucket>/ (the local object store).

async function openExportsTab(page: Page, dataset: string) {
  await page.goto('/datasets');
  await page.getByRole('table', { name: 'Datasets' }).getByRole('link', { name: dataset }).click();
  await page.getByRole('tab', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'New export' })).toBeVisible();
}

async function startExport(page: Page, bucket: string) {
  const form = page.getByRole('form', { name: 'New export' });
  await form.getByLabel('Bucket').fill(bucket);
  await form.getByRole('button', { name: 'Start export' }).click();
}

const statusOf = (page: Page) =>
  page.getByRole('region', { name: /export$/ }).getByRole('group', { name: 'Status' });

test('start an export, watch it finish, find it on the dashboard, and repeat it on unchanged data', async ({
  page,
}) => {
  // Four axe runs on two busy screens: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  await openExportsTab(page, 'Regional targets');
  await expectAccessibleInBothThemes(page, 'dataset exports tab');

  const form = page.getByRole('form', { name: 'New export' });
  await form.getByLabel('Bucket').fill('e2e-reports');
  await form.getByLabel('Secret').fill('not-kept');
  await form.getByRole('combobox', { name: 'Columns' }).click();
  await page.getByRole('option', { name: 'region' }).click();
  await form.getByRole('checkbox', { name: 'Byte order mark' }).check();
  await form.getByRole('button', { name: 'Start export' }).click();
  await expect(form.getByLabel('Secret')).toHaveValue('');

  const latest = page.getByRole('region', { name: 'Latest export' });
  await expect(latest.getByRole('group', { name: 'Status' })).toContainText('Succeeded', {
    timeout: 20_000,
  });
  await expect(latest.getByRole('group', { name: 'Rows' })).toContainText('5 rows');
  await expect(latest.getByRole('group', { name: 'Target' })).toContainText('local://e2e-reports/');

  // Rule 4.6a: nothing changed, so the platform returns the same export and the tab says so.
  await startExport(page, 'e2e-reports');
  await expect(page.getByText('No new export: the data has not changed')).toBeVisible();
  await expectNoSeriousA11y(page, 'dataset exports tab with the no-new-export notice');
  await expect(page.getByRole('region', { name: 'Earlier exports' })).not.toContainText(
    'e2e-reports',
  );

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Export monitoring' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export monitoring' })).toBeVisible();
  await expect(page.getByText(/\d+ datasets watched/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Exports' });
  const row = table.getByRole('row', { name: /e2e-reports/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Regional targets');
  await expect(row).toContainText('Succeeded');

  await page
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: /Failed/ })
    .click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(table.getByRole('row', { name: /e2e-reports/ })).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'export monitoring');

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 24 hours' }).click();
  await expect(page).toHaveURL(/range=24h/);
});

test('an export to a bucket that cannot be written fails, with its reason, here and on the dashboard', async ({
  page,
  dataDir,
}) => {
  // A file where the bucket's folder should be: the local object store cannot write there.
  const buckets = path.join(dataDir, 'buckets');
  mkdirSync(buckets, { recursive: true });
  writeFileSync(path.join(buckets, 'e2e-blocked'), 'not a folder');

  await openExportsTab(page, 'Web traffic');
  await startExport(page, 'e2e-blocked');
  await expect(statusOf(page)).toContainText('Failed', { timeout: 20_000 });
  await expect(page.getByText('The export failed (EXPORT_FAILED)')).toBeVisible();
  await expect(
    page.getByText(/The local bucket "e2e-blocked" cannot be written: a file stands where/),
  ).toBeVisible();

  await page.goto('/exports?status=failed');
  const failures = page.getByRole('list', { name: 'Recent failures' });
  await expect(failures.getByRole('listitem').first()).toContainText('Web traffic');
  await expect(failures.getByRole('listitem').first()).toContainText('EXPORT_FAILED');
});

test('an export already running is returned instead of a second one, and the tab says so', async ({
  page,
}) => {
  await openExportsTab(page, 'Regional targets');
  // A running export of 5 rows ends within a second: the platform's answer is the dataset's
  // latest export, still running, as it is while a long one runs (rule 4.6a).
  await page.route('**/api/query/v1/export/*', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const history = (await (await page.request.get(route.request().url())).json()) as object[];
    await route.fulfill({ json: { ...history[0], exportStatus: 'running' } });
  });
  await startExport(page, 'e2e-reports');
  await expect(
    page.getByRole('status').filter({ hasText: 'An export of this dataset was already running' }),
  ).toBeVisible();
  await expectNoSeriousA11y(page, 'dataset exports tab with the already-running notice');
});

test('a bad bucket name is refused beside the field before anything is sent', async ({ page }) => {
  await openExportsTab(page, 'Web traffic');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/query/v1/export/')) posted += 1;
  });
  await startExport(page, 'Not_A_Bucket');
  await expect(page.getByText(/3 to 63 lower-case letters/)).toBeVisible();
  expect(posted).toBe(0);
});

test('an export has a page: who and when, its first rows, and its file to download', async ({
  page,
}) => {
  await openExportsTab(page, 'Regional targets');
  await startExport(page, 'e2e-page');
  await expect(page.getByRole('status').filter({ hasText: 'Export started' })).toBeVisible();
  await expectNoSeriousA11y(page, 'dataset exports tab with the export-started notice');
  const latest = page.getByRole('region', { name: 'Latest export' });
  await expect(latest.getByRole('group', { name: 'Status' })).toContainText('Succeeded', {
    timeout: 20_000,
  });

  await page.goto('/exports');
  const row = page.getByRole('table', { name: 'Exports' }).getByRole('row', { name: /e2e-page/ });
  await expect(row).toContainText('Regional targets');
  // The start time is the link to the export's page.
  await row.getByRole('link', { name: /\d{2}:\d{2}:\d{2}/ }).click();
  await expect(page).toHaveURL(/\/exports\/[^/]+\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Export of Regional targets · Succeeded' }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: 'Export', exact: true });
  await expect(summary.getByRole('group', { name: 'Started by' })).toContainText('Ada Admin');
  await expect(summary.getByRole('group', { name: 'Started', exact: true })).toHaveText(
    /\d{4}, \d{2}:\d{2}:\d{2}$/,
  );
  await expect(summary.getByRole('group', { name: 'Rows' })).toContainText('5 rows');
  await expect(summary.getByRole('group', { name: 'Columns' })).toContainText('Every column');
  await expect(summary.getByRole('group', { name: 'Target' })).toContainText('e2e-page');

  const files = page.getByRole('table', { name: 'Files' });
  await expect(files).toContainText('local://e2e-page/');
  await files.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'First rows of data.csv' });
  await expect(preview.getByRole('row')).toHaveCount(6);
  await expect(preview.getByRole('columnheader').first()).not.toBeEmpty();

  const download = page.waitForEvent('download');
  await files.getByRole('link', { name: 'Download data.csv' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Regional targets [0-9a-f]{8}\.csv$/);
  const text = readFileSync(await file.path(), 'utf8');
  const lines = text.trimEnd().split('\r\n');
  expect(lines).toHaveLength(6);
  expect(lines[0]).toBe((await preview.getByRole('columnheader').allTextContents()).join(','));
  await expectAccessibleInBothThemes(page, 'export page');
});

test('a failed export: Recent failures opens it, its error in full, and Retry writes it again', async ({
  page,
  dataDir,
}) => {
  const buckets = path.join(dataDir, 'buckets');
  mkdirSync(buckets, { recursive: true });
  writeFileSync(path.join(buckets, 'e2e-retry'), 'not a folder');
  await openExportsTab(page, 'Sales by region');
  await startExport(page, 'e2e-retry');
  await expect(statusOf(page)).toContainText('Failed', { timeout: 20_000 });

  await page.goto('/exports');
  const failures = page.getByRole('list', { name: 'Recent failures' });
  await failures
    .getByRole('link', { name: /Sales by region/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/exports\/[^/]+\/[0-9a-f-]{36}$/);
  const failedUrl = page.url();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Export of Sales by region · Failed' }),
  ).toBeVisible();
  await expect(page.getByText('The export failed (EXPORT_FAILED)')).toBeVisible();
  await expect(
    page.getByText(/The local bucket "e2e-retry" cannot be written: a file stands where/),
  ).toBeVisible();
  // Not hovering what the last click left under the pointer (a hovered button is another colour).
  await page.mouse.move(0, 0);
  await expectAccessibleInBothThemes(page, 'failed export page');

  rmSync(path.join(buckets, 'e2e-retry'));
  await page
    .getByRole('form', { name: 'Retry the export' })
    .getByRole('button', { name: 'Retry' })
    .click();
  await expect(page).not.toHaveURL(failedUrl);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Export of Sales by region · Succeeded' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Files' })).toContainText('local://e2e-retry/');
});

test('the dashboard is fresh when it opens: a dataset and an export made meanwhile are there', async ({
  page,
}) => {
  await page.goto('/exports');
  const watched = page.getByText(/(\d+) datasets watched/);
  await expect(watched).toBeVisible();
  const before = Number(/(\d+) datasets/.exec((await watched.textContent()) ?? '')![1]);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Datasets' })
    .click();

  // Made through the API while the console shows another screen.
  const upload = await page.request.post('/api/data/v1/data-files?name=fresh.csv', {
    headers: { 'content-type': 'text/csv' },
    data: 'region,amount\nNorth,1\n',
  });
  const { dataFileId } = (await upload.json()) as { dataFileId: number };
  const stream = await page.request.post('/api/data/v1/streams', {
    data: dataFileStream(dataFileId, 'E2E fresh dataset'),
  });
  const { dataSource } = (await stream.json()) as { dataSource: { id: string } };
  const exported = await page.request.post(`/api/query/v1/export/${dataSource.id}`, {
    data: { bucket: 'e2e-fresh' },
  });
  expect(exported.ok()).toBe(true);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Export monitoring' })
    .click();
  await expect(page.getByText(`${before + 1} datasets watched`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Exports' }).getByRole('row', { name: /E2E fresh dataset/ }),
  ).toHaveCount(1);
});
