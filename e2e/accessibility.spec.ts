import type { Page } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothThemes, useColorMode } from './axe';
import { expect, test } from './fixtures';
import { openOrdersFromList } from './navigation';

// Axe (no serious or critical finding) on every screen of the document store, the datasets and
// the stream wizard, in light and dark theme. The newer screens run axe in their own journeys.
// Each screen is loaded and checked twice, so these take longer than a journey.
test.describe.configure({ timeout: 240_000 });

async function openCollection(page: Page) {
  await page.goto('/datastores');
  await openOrdersFromList(page);
}

test('the document store screens pass axe in both themes', async ({ page }) => {
  await page.goto('/datastores');
  await expect(page.getByRole('heading', { level: 1, name: 'Document store' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'datastore list');

  await page.getByRole('link', { name: 'Sales operations' }).click();
  await expect(page.getByRole('table', { name: 'Collections' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'datastore');

  await openCollection(page);
  await expect(page.getByRole('grid')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'collection documents');

  for (const tab of ['Details', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await expectAccessibleInBothThemes(page, `collection ${tab.toLowerCase()}`);
  }
});

test('the dataset screens and the stream wizard pass axe in both themes', async ({ page }) => {
  await page.goto('/datasets');
  await expect(page.getByRole('table', { name: 'Datasets' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'dataset list');

  await page
    .getByRole('table', { name: 'Datasets' })
    .getByRole('link', { name: 'Sales by region' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales by region' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'dataset overview');
  for (const tab of ['Certification', 'Partitions']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await expectAccessibleInBothThemes(page, `dataset ${tab.toLowerCase()}`);
  }

  await page.goto('/streams/new');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'stream wizard');
});

test('a red "Invalid" chip on a selected row keeps 4.5:1, in light and dark', async ({ page }) => {
  for (const mode of ['light', 'dark'] as const) {
    await useColorMode(page, mode);
    await page.goto('/calculated-fields');
    const grid = page.getByRole('grid', { name: 'Calculated fields' });
    const invalid = grid.getByRole('row').filter({ hasText: 'Invalid' }).first();
    await expect(invalid).toBeVisible();
    await invalid.getByRole('checkbox', { name: 'Select row' }).check();
    await expect(invalid).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, `calculated fields with an Invalid row selected (${mode})`);
  }
});
