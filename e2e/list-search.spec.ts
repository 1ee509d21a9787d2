import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A search is written to the URL once typing pauses. That pending write belongs to the screen that
// started it: a user who leaves before it lands must stay where they went. The next
// screen's code arrives slowly here (as on a slow link), so the list screen is still shown, and
// its search still pending, while the user is on the way out.

const lists = [
  { path: '/datasets', heading: 'Datasets', search: 'Search by name' },
  { path: '/files', heading: 'Data files', search: 'Search by name' },
  { path: '/exports', heading: 'Export monitoring', search: 'Dataset name' },
  { path: '/calculated-fields', heading: 'Calculated fields', search: 'Name' },
  { path: '/streams', heading: 'Streams', search: 'Dataset name' },
  { path: '/workflows', heading: 'Workflows', search: 'Workflow name' },
  { path: '/security/users', heading: 'Security', search: 'Search users' },
];

const sideNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** From now on every script the console loads takes a while to arrive. */
const slowScripts = (page: Page) =>
  page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });

for (const list of lists) {
  test(`typing into the search of ${list.path} and leaving at once stays where the user went`, async ({
    page,
  }) => {
    await page.goto(list.path);
    await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible();
    await slowScripts(page);
    await page.getByRole('searchbox', { name: list.search }).fill('left-behind');
    await sideNavigation(page).getByRole('link', { name: 'Prompt playground' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/playground', { timeout: 15_000 });
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).pathname).toBe('/playground');
    expect(page.url()).not.toContain('left-behind');
  });
}

test('a cleared Directory stays cleared when a file drawer opens and closes', async ({ page }) => {
  await page.goto('/filesets');
  await page.getByRole('combobox', { name: 'Fileset' }).click();
  await page.getByRole('option', { name: /Product manuals/ }).click();
  const search = page.getByRole('search', { name: 'Search the fileset' });
  const directory = search.getByLabel('Directory');
  await directory.fill('manuals/widget');
  await search.getByLabel('Search text').fill('red ring light');
  await search.getByLabel('Search text').press('Enter');
  await expect(page).toHaveURL(/dir=manuals%2Fwidget/);

  await directory.clear();
  await search.getByLabel('Search text').press('Enter');
  await expect(page).not.toHaveURL(/dir=/);
  await expect(directory).toHaveValue('');

  const results = page.getByRole('table', { name: 'Search results' });
  await results.getByRole('link', { name: 'troubleshooting.md' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'troubleshooting.md' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close the file' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/file=/);

  await page.waitForTimeout(1_000);
  expect(page.url()).not.toContain('dir=');
  await expect(directory).toHaveValue('');
});
