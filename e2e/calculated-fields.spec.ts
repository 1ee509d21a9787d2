import type { Page } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';

// Sample data (server/platform/seed/calculated-fields.ts): 46 fields, "Total revenue" locked,
// "Units" and "Revenue per unit" unlocked.

// A slow machine: the journeys reload in both themes for axe.
test.describe.configure({ timeout: 120_000 });

const grid = (page: Page) => page.getByRole('grid', { name: 'Calculated fields' });

async function searchByName(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Name' }).fill(name);
  await expect(grid(page).getByRole('link', { name, exact: true })).toBeVisible();
}

test('lock and unlock one field; the switch holds after a reload', async ({ page }) => {
  await page.goto('/calculated-fields');
  await expect(page.getByRole('heading', { name: 'Calculated fields' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Statistics' })).toContainText('46');
  await expectAccessibleInBothThemes(page, 'calculated fields');

  await searchByName(page, 'Units');
  await expect(page).toHaveURL(/q=Units/);
  const lock = grid(page).getByRole('switch', { name: 'Locked: Units' });
  await expect(lock).not.toBeChecked();
  await lock.click();
  await expect(lock).toBeChecked();
  await expect(page.getByText('Locked “Units”')).toBeVisible();

  await page.reload();
  const after = grid(page).getByRole('switch', { name: 'Locked: Units' });
  await expect(after).toBeChecked();
  await after.click();
  await expect(page.getByText('Unlocked “Units”')).toBeVisible();
  await expect(after).not.toBeChecked();
});

test('a locked field’s expression is read-only, with the reason', async ({ page }) => {
  await page.goto('/calculated-fields');
  await searchByName(page, 'Total revenue');
  await grid(page).getByRole('link', { name: 'Total revenue', exact: true }).click();
  const drawer = page.getByRole('region', { name: 'Calculated field Total revenue' });
  await expect(drawer.getByText('Read-only: this field is locked')).toBeVisible();
  await expect(drawer.getByLabel('Expression (read-only)')).toHaveText('SUM(`revenue`)');
  await expect(drawer.getByRole('textbox', { name: 'Expression' })).toHaveCount(0);
  await expect(drawer.getByRole('table', { name: 'Links' })).toContainText('Sales by region');
  await expect(drawer.getByRole('list', { name: 'Functions' })).toContainText('SUM');
  await expectAccessibleInBothThemes(page, 'calculated field drawer');

  // The switch in the drawer unlocks it, and the expression becomes a form.
  await drawer.getByRole('switch', { name: 'Locked: Total revenue' }).click();
  await expect(drawer.getByRole('textbox', { name: 'Expression' })).toHaveValue('SUM(`revenue`)');
  await drawer.getByRole('switch', { name: 'Locked: Total revenue' }).click();
  await expect(drawer.getByText('Read-only: this field is locked')).toBeVisible();
});

test('bulk lock twenty fields and see each field’s result', async ({ page }) => {
  const statistics = async () =>
    (await (await page.request.get('/api/query/v1/functions/statistics')).json()) as {
      locked: number;
    };
  const before = (await statistics()).locked;
  // Tall enough for 25 rows without scrolling the grid.
  await page.setViewportSize({ width: 1440, height: 1600 });
  await page.goto('/calculated-fields?locked=unlocked');
  // A checked row's box is named "Unselect row": rows are found by their box, whichever its name,
  // so the nth row stays the nth row while the boxes are checked one after another.
  const rowBox = page.getByRole('checkbox', { name: /^(Select|Unselect) row$/ });
  const rows = grid(page).getByRole('row').filter({ has: rowBox });
  await expect(rows).toHaveCount(25);
  for (let i = 0; i < 20; i++) {
    // The grid marks a row selected on a later render, not within the click: a busy machine
    // shows the box unchecked for a moment, so the test waits for it rather than read it at once.
    const box = rows.nth(i).getByRole('checkbox');
    await box.click();
    await expect(box).toBeChecked();
  }
  const toolbar = page.getByRole('toolbar', { name: 'Selected fields' });
  await expect(toolbar).toContainText('20 fields selected');

  await toolbar.getByRole('button', { name: 'Lock 20', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Lock 20 calculated fields?' });
  await expect(confirm).toContainText('cannot be altered until it is unlocked');
  await expectNoSeriousA11y(page, 'bulk lock confirmation', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Lock 20', exact: true }).click();
  const result = page.getByRole('dialog', { name: '20 fields locked' });
  await expect(result.getByText('20 locked.')).toBeVisible();
  await expectAccessible(page, 'bulk lock result');
  expect((await statistics()).locked).toBe(before + 20);

  await result.getByRole('button', { name: 'Close' }).click();
  await expect(toolbar).toContainText('calculated fields · select fields');
  await expect(page.getByRole('group', { name: 'Statistics' })).toContainText(String(before + 20));
});
