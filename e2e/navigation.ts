import { expect, type Page } from '@playwright/test';

/** From the datastore list: the seed's Sales operations, then its collection "orders". */
export async function openOrdersFromList(page: Page) {
  await page.getByRole('link', { name: 'Sales operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales operations' })).toBeVisible();
  await page
    .getByRole('table', { name: 'Collections' })
    .getByRole('link', { name: 'orders' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'orders' })).toBeVisible();
}

/** A dataset's page, opened from the datasets list. */
export async function openDataset(page: Page, name: string) {
  await page.goto('/datasets');
  await page.getByRole('table', { name: 'Datasets' }).getByRole('link', { name }).click();
}

/** A screen of the main navigation, from the home page, once its heading shows. */
export async function openFromMainNavigation(page: Page, screen: string) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click();
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
}
