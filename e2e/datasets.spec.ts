import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';

// Sample data (server/platform/seed): "Sales by region" has 2,000 rows in three monthly
// partitions and is shared with Ben Analyst and the Finance group; "Web traffic" has a hidden
// column, visitorHash. Users: Chloe Editor; group Support has one member, Dev Participant.

async function openDataset(page: Page, name: string) {
  await page.goto('/datasets');
  await page.getByRole('table', { name: 'Datasets' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Search the Share dialog's picker and pick an option once the search has settled. */
async function pick(page: Page, search: string, option: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'People and groups' }).fill(search);
  await expect(dialog.getByRole('progressbar', { name: 'Searching' })).toBeHidden();
  await page.getByRole('option', { name: option }).click();
}

test('search the datasets, open one and read its schema, hidden columns included', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Datasets' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Datasets' });
  await expect(table.getByRole('link', { name: 'Sales by region' })).toBeVisible();
  // At 1280 px every column shows whole, without scrolling the table sideways.
  await expect(table.getByRole('columnheader', { name: 'Updated' })).toBeInViewport({ ratio: 1 });

  await page.getByRole('columnheader', { name: 'Rows' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=rowCount&order=desc/);
  await expect(page.getByRole('columnheader', { name: 'Rows' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await page.getByRole('searchbox', { name: 'Search by name' }).fill('web');
  await expect(page).toHaveURL(/q=web/);
  await expect(table.getByRole('link', { name: 'Sales by region' })).toBeHidden();
  await table.getByRole('link', { name: 'Web traffic' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Web traffic' })).toBeVisible();
  await expect(page.getByText('500 rows, 5 columns')).toBeVisible();
  const schema = page.getByRole('table', { name: 'Schema columns' });
  await expect(schema.getByRole('row', { name: /page\s+STRING/ })).toBeVisible();
  await expect(schema.getByRole('row', { name: /visitorHash/ })).toBeHidden();

  await page.getByRole('switch', { name: 'Show hidden columns' }).click();
  // The switch follows the URL, which the router updates a moment after the click.
  await expect(page.getByRole('switch', { name: 'Show hidden columns' })).toBeChecked();
  await expect(schema.getByRole('row', { name: /visitorHash\s+STRING\s+Hidden/ })).toBeVisible();
  await expect(page).toHaveURL(/hidden=true/);

  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('columnheader', { name: 'bounceRate' })).toBeVisible();
  await expect(preview.getByRole('row')).toHaveCount(51);
});

test('page and sort every row of a dataset; numbers line up and dates read as dates', async ({
  page,
}) => {
  await openDataset(page, 'Sales by region');
  await page.getByRole('link', { name: /Browse all 2,000 rows/ }).click();
  await expect(page.getByRole('tab', { name: 'Rows', selected: true })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Rows' });
  await expect(grid).toBeVisible();
  await expect(page.getByText('1–50 of 2,000')).toBeInViewport();

  const column = async (name: string) => {
    const headers = grid.getByRole('columnheader');
    const names = await headers.allInnerTexts();
    const at = await headers
      .nth(names.findIndex((n) => n.trim() === name))
      .getAttribute('aria-colindex');
    return grid.locator(`[role="gridcell"][aria-colindex="${at}"]`).allInnerTexts();
  };
  // Dates formatted as everywhere in the console; revenue with two decimals on every row.
  expect((await column('orderDate'))[0]).toMatch(/^\d{1,2} \w{3} \d{4}$/);
  const revenue = await column('revenue');
  expect(revenue.length).toBeGreaterThan(10);
  for (const cell of revenue) expect(cell).toMatch(/^[\d,]+\.\d\d$/);

  // Sorted by the platform across all 2,000 rows: the most units first, then page 2.
  await grid.getByRole('columnheader', { name: 'units' }).click(); // ascending
  await grid.getByRole('columnheader', { name: 'units' }).click(); // descending
  await expect(page).toHaveURL(/sort=units%3Adesc/);
  await expect.poll(async () => (await column('units'))[0]).toBe('40');
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('51–100 of 2,000')).toBeVisible();
  const second = (await column('units')).map(Number);
  expect(second).toEqual([...second].sort((a, b) => b - a));
  // The URL holds the view: a reload comes back to the same page and order.
  await page.reload();
  await expect(page.getByText('51–100 of 2,000')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'dataset rows');
});

test('share with the least access by email, change a level in place, see who has access and the notifications', async ({
  page,
}) => {
  test.slow(); // axe in both themes on each dialog and notice it opens
  await openDataset(page, 'Sales by region');
  await page.getByRole('tab', { name: 'Sharing' }).click();
  const access = page.getByRole('table', { name: 'People and groups with access' });
  const level = (name: string) => access.getByRole('combobox', { name: `Access of ${name}` });
  await expect(access.getByRole('row').nth(1)).toContainText('Owner');
  await expect(level('Ben Analyst')).toHaveText(/Can edit/);
  await expect(access.getByRole('row', { name: /Ben Analyst/ })).toContainText('ben@example.com');
  await expect(level('Finance')).toHaveText(/Can share/);
  await expectAccessibleInBothThemes(page, 'dataset sharing');

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Sales by region”' });
  await pick(page, 'chloe', /Chloe Editor/);
  await pick(page, 'supp', /Support/);
  await expect(dialog.getByRole('button', { name: 'Chloe Editor (user)' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Support (group)' })).toBeVisible();
  // The least access is offered first.
  await expect(dialog.getByRole('combobox', { name: 'Access level' })).toHaveText(/Can share/);
  await dialog.getByRole('checkbox', { name: 'Send email' }).check();
  await expectNoSeriousA11y(page, 'share dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Next' }).click();

  const confirm = page.getByRole('dialog', { name: 'Email 2 people?' });
  const recipients = confirm.getByRole('region', { name: 'Recipients' });
  await expect(
    recipients.getByRole('list', { name: 'Shared with directly' }).getByText('Chloe Editor'),
  ).toBeVisible();
  await expect(
    recipients
      .getByRole('list', { name: 'Members of the group Support' })
      .getByText('Dev Participant'),
  ).toBeVisible();
  await expectNoSeriousA11y(page, 'share email confirmation', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Share and send email' }).click();
  await expect(confirm).toBeHidden();

  await expect(level('Chloe Editor')).toHaveText(/Can share/);
  await expect(level('Support')).toHaveText(/Can share/);
  const sent = page.getByRole('table', { name: 'Notifications sent' });
  await expect(sent.getByRole('row', { name: /chloe@example\.com/ })).toBeVisible();
  await expect(
    sent.getByRole('row', { name: /dev@example\.com.*through the group "Support"/ }),
  ).toBeVisible();

  await level('Chloe Editor').click();
  await page.getByRole('option', { name: /^Can edit/ }).click();
  await expect(page.getByText('Chloe Editor now has “can edit” access')).toBeVisible();
  await expectNoSeriousA11y(page, 'dataset sharing with the access-changed notice');
  await page.reload();
  await expect(level('Chloe Editor')).toHaveText(/Can edit/);

  await page.getByRole('button', { name: 'Remove access for Chloe Editor' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove access for Chloe Editor?' });
  await expect(remove).toBeVisible();
  await expectNoSeriousA11y(page, 'remove access confirmation', '[role="dialog"]');
  await remove.getByRole('button', { name: 'Remove access' }).click();
  await expect(remove).toBeHidden();
  await expect(access.getByRole('row', { name: /Chloe Editor/ })).toBeHidden();
});

test('certify a dataset, see the chip, and remove the certification', async ({ page }) => {
  await openDataset(page, 'Web traffic');
  const certification = page.getByRole('group', { name: 'Certification' }).getByRole('definition');
  await expect(certification).toHaveText('Not certified');

  await page.getByRole('tab', { name: 'Certification' }).click();
  await page.getByRole('button', { name: 'Certify', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Certify “Web traffic”?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11y(page, 'certify confirmation', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Certify' }).click();
  await expect(confirm).toBeHidden();
  const state = page.getByRole('group', { name: 'State' }).getByRole('definition');
  await expect(state).toHaveText('Certified');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(certification).toHaveText('Certified');

  await page.getByRole('tab', { name: 'Certification' }).click();
  await page.getByRole('button', { name: 'Remove certification' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove the certification of “Web traffic”?' });
  await expect(remove).toBeVisible();
  await expectNoSeriousA11y(page, 'remove certification confirmation', '[role="dialog"]');
  await remove.getByRole('button', { name: 'Remove certification' }).click();
  await expect(remove).toBeHidden();
  await expect(state).toHaveText('Not certified');
});

test('delete a partition and see the row count drop', async ({ page }) => {
  await openDataset(page, 'Sales by region');
  await expect(page.getByText('2,000 rows, 6 columns')).toBeVisible();
  await page.getByRole('tab', { name: 'Partitions' }).click();

  const partitions = page.getByRole('table', { name: 'Partitions' });
  await expect(partitions.getByRole('row')).toHaveCount(4);
  await expect(partitions.getByRole('row', { name: /2026-09-28\s+700/ })).toBeVisible();

  await page.getByRole('button', { name: 'Delete partition 2026-09-28' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete partition 2026-09-28?' });
  await expect(confirm).toContainText('This removes its 700 rows from “Sales by region”.');
  await expectNoSeriousA11y(page, 'delete partition confirmation', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Delete partition' }).click();
  await expect(confirm).toBeHidden();

  await expect(page.getByText('1,300 rows, 6 columns')).toBeVisible();
  await expect(partitions.getByRole('row')).toHaveCount(3);
  await expect(partitions.getByText('2026-09-28')).toBeHidden();
});

test('run the stream that loads a dataset and follow the run to its end', async ({ page }) => {
  await openDataset(page, 'Regional targets');
  const stream = page.getByRole('region', { name: 'Stream' });
  await expect(stream.getByRole('group', { name: 'Connector' }).getByRole('definition')).toHaveText(
    'Data file (CSV)',
  );
  await expect(
    stream.getByRole('group', { name: 'Configuration' }).getByRole('definition'),
  ).toContainText('Data file: regional-targets.csv');
  await expect(stream.getByText(/Last run \d+/)).toBeVisible();

  await stream.getByRole('button', { name: 'Run now' }).click();
  const status = stream.getByRole('status', { name: 'Stream run' });
  await expect(status.getByText(/Run \d+ succeeded/)).toBeVisible();
  await expect(status).toContainText('5 rows inserted. The dataset now has 5 rows.');
  await expect(stream.getByRole('button', { name: 'Run now' })).toBeEnabled();
});

test('a message belongs to the screen of its action: it does not follow the user to another screen', async ({
  page,
}) => {
  await openDataset(page, 'Web traffic');
  await page.getByRole('tab', { name: 'Certification' }).click();
  await page.getByRole('button', { name: 'Certify', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Certify “Web traffic”?' })
    .getByRole('button', { name: 'Certify' })
    .click();
  // Named by its name, never a type and an id.
  const message = page.getByText('Web traffic is certified');
  await expect(message).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Document store' })
    .click();
  // Gone with the screen, well before a success message hides by itself (4 s).
  await expect(message).toBeHidden({ timeout: 1_500 });
  await expect(page.getByRole('heading', { level: 1, name: 'Document store' })).toBeVisible();

  // Leave the sample data as it was for the other tests.
  await openDataset(page, 'Web traffic');
  await page.getByRole('tab', { name: 'Certification' }).click();
  await page.getByRole('button', { name: 'Remove certification' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the certification of “Web traffic”?' })
    .getByRole('button', { name: 'Remove certification' })
    .click();
  await expect(page.getByRole('group', { name: 'State' }).getByRole('definition')).toHaveText(
    'Not certified',
  );
});
