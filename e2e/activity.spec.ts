import type { Page } from '@playwright/test';
import { expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';
import { openDataset } from './navigation';

/**
 * A change made in the console is found in Activity by its object, and opens the
 * object from there. Sample data: the dataset "Sales by region", not certified.
 */
const shots = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
};

const activity = (page: Page) => page.getByRole('table', { name: 'Activity' });

/**
 * The journey starts from the sample's "Sales by region" not certified. An attempt that failed
 * after certifying it must not leave its retry a dataset already certified (the DELETE is
 * idempotent: 204 whether or not it was).
 */
test.beforeEach(async ({ request }) => {
  const datasets = (await (await request.get('/api/data/v3/datasources')).json()) as Array<{
    id: string;
    name: string;
  }>;
  const sales = datasets.find((d) => d.name === 'Sales by region');
  expect(sales, 'the sample dataset "Sales by region"').toBeDefined();
  const removed = await request.delete(
    `/api/tags/v3/DATA_SOURCE/${sales!.id}/system/CERTIFIED/state`,
  );
  expect(removed.status()).toBe(204);
});

test('a certification is found in Activity by its dataset and opens the dataset from there', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openDataset(page, 'Sales by region');
  await page.getByRole('tab', { name: 'Certification' }).click();
  await page.getByRole('button', { name: 'Certify', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Certify “Sales by region”?' });
  await confirm.getByRole('button', { name: 'Certify' }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Object type' }).click();
  await page.getByRole('option', { name: 'Dataset' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Sales by region');
  await expect(page).toHaveURL(/objectType=dataset/, { timeout: 15_000 });
  // The search is written to the URL once typing pauses (a loaded machine may take seconds).
  await expect(page).toHaveURL(/q=Sales/, { timeout: 15_000 });
  const row = activity(page).getByRole('row').filter({ hasText: 'certified' }).first();
  await expect(row).toContainText('Ada Admin');
  await expect(row).toContainText('ACTIVE');
  await shot(page, 'activity');
  await expectAccessibleInBothThemes(page, 'Activity');

  // The filters live in the URL: a reload keeps them, and the object's link opens it.
  await page.reload();
  await activity(page)
    .getByRole('row')
    .filter({ hasText: 'certified' })
    .first()
    .getByRole('link', { name: 'Sales by region' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales by region' })).toBeVisible();

  // The dataset's own history shows the same change, and leads back to Activity.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'certified' }).first()).toBeVisible();
  await shot(page, 'dataset-history');
  await expectAccessibleInBothThemes(page, 'Dataset history');
  await page.getByRole('link', { name: 'Open in Activity' }).click();
  await expect(page).toHaveURL(/\/activity\?.*objectType=dataset/, { timeout: 15_000 });
  await expect(activity(page)).toBeVisible();

  // Leave the sample data as it was.
  await openDataset(page, 'Sales by region');
  await page.getByRole('tab', { name: 'Certification' }).click();
  await page.getByRole('button', { name: 'Remove certification' }).click();
  const remove = page.getByRole('dialog', {
    name: 'Remove the certification of “Sales by region”?',
  });
  await remove.getByRole('button', { name: 'Remove certification' }).click();
  await expect(remove).toBeHidden();
});

test('the CSV export holds the filtered events', async ({ page }) => {
  await page.goto('/activity?objectType=dataset');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('activity.csv');
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'time,actor id,actor,token kind,action,object type,object id,object name,changes,trace id,client address',
  );
  for (const line of csv.trim().split('\r\n').slice(1)) expect(line).toContain(',dataset,');
});

test('filters that match nothing say so, and the object type menu reads well', async ({ page }) => {
  await page.goto('/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Object type' }).click();
  await expect(page.getByRole('option', { name: 'Dataset' })).toBeVisible();
  await expectNoSeriousA11y(page, 'Activity object type menu', '[role="listbox"]');
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search' }).fill('no event is named this');
  await expect(page.getByText('No event matches these filters')).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousA11y(page, 'Activity with no matching event');
});
