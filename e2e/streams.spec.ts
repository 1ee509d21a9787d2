import type { Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from './axe';
import { expect, test } from './fixtures';
import { openFromMainNavigation } from './navigation';

/**
 * The stream wizard on the embedded platform: a CSV uploaded as a data file becomes a
 * stream and its dataset; a run loads the rows as an APPEND partition.
 */

const shots = process.env.E2E_SHOTS;
/** With E2E_SHOTS=<folder>: the page in the light and the dark theme. */
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
};

const cities = Buffer.from(
  [
    'city,population,measuredOn',
    'Lyon,522250,2026-01-01',
    'Nantes,320732,2026-01-01',
    'Lille,236710,2026-01-01',
  ].join('\n') + '\n',
);

const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

async function next(page: Page, to: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, to)).toBeFocused();
}

test.use({ colorScheme: 'light', timezoneId: 'Europe/Paris' });

test('create a stream from a data file, run it, see rows and a partition', async ({ page }) => {
  const datasetName = `Cities ${Date.now()}`;
  await openFromMainNavigation(page, 'Streams');
  await page.getByRole('main').getByRole('link', { name: 'New stream' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New stream' })).toBeVisible();

  await expect(stepHeading(page, 'Connector')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radiogroup', { name: /^Connector/ })).toHaveAccessibleDescription(
    'Choose a connector',
  );
  await shot(page, 'streams-1-connector-error');
  await page.getByRole('radio', { name: 'Data file (CSV)' }).check();
  await expect(page.getByRole('combobox', { name: /^Version/ })).toContainText('1');
  await next(page, 'Configuration');

  await page.getByLabel('CSV file').setInputFiles({
    name: 'e2e-cities.csv',
    mimeType: 'text/csv',
    buffer: cities,
  });
  await expect(page.getByText('Uploaded e2e-cities.csv; it is selected above.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Data file/ })).toContainText('e2e-cities.csv');
  await shot(page, 'streams-2-configuration');
  await next(page, 'Account');

  // The sample platform has one account for data files: it is chosen already.
  await expect(page.getByRole('combobox', { name: /^Account/ })).toContainText(
    'Uploaded data files',
  );
  await next(page, 'Update method');

  await page.getByRole('radio', { name: 'Append' }).check();
  await shot(page, 'streams-4-update-method');
  await next(page, 'Schedule');

  await expect(page.getByRole('radio', { name: 'Manual: only when started' })).toBeChecked();
  const zone = page.getByRole('combobox', { name: /^Time zone/ });
  await expect(zone).toHaveValue('Europe/Paris');
  await zone.fill('UTC');
  await page.getByRole('option', { name: 'UTC', exact: true }).click();
  await expect(zone).toHaveValue('UTC');
  await shot(page, 'streams-5-schedule');
  await next(page, 'Dataset');

  await page.getByRole('textbox', { name: /^Dataset name/ }).fill(datasetName);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Populations, loaded by the e2e journey');
  // Enter is Next on a step that holds.
  await page.getByRole('textbox', { name: /^Dataset name/ }).press('Enter');
  await expect(stepHeading(page, 'Review')).toBeFocused();

  const json = page.getByLabel('Request JSON', { exact: true });
  await expect(json).toContainText('"type": "CONNECTOR"');
  await expect(json).toContainText('"description": "data-file"');
  await expect(json).toContainText('"updateMethod": "APPEND"');
  await expect(json).toContainText(`"name": "${datasetName}"`);
  await expect(json).toContainText(
    '"advancedScheduleJson": "{\\"type\\":\\"MANUAL\\",\\"timezone\\":\\"UTC\\"}"',
  );
  await expect(page.getByText(/^e2e-cities\.csv \(data file \d+\)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy request JSON' })).toBeVisible();
  await shot(page, 'streams-7-review');

  await page.getByRole('button', { name: 'Create stream' }).click();
  await expect(page).toHaveURL(/\/datasets\/[^/?]+\?stream=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: datasetName })).toBeVisible();

  const stream = page.getByRole('region', { name: 'Stream' });
  await stream.getByRole('button', { name: 'Run now' }).first().click();
  await expect(stream.getByText(/^Run \d+ succeeded$/)).toBeVisible({ timeout: 30_000 });
  await expect(stream).toContainText('3 rows inserted into partition');
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row', { name: /Lyon/ })).toBeVisible();
  await expect(preview.getByRole('row', { name: /Lille/ })).toBeVisible();
  await shot(page, 'streams-8-dataset-after-run');

  await page.getByRole('tab', { name: 'Partitions' }).click();
  const partitions = page.getByRole('table', { name: 'Partitions' });
  const today = new Date().toISOString().slice(0, 10);
  await expect(partitions.getByRole('row', { name: new RegExp(today) })).toContainText('3');
  await shot(page, 'streams-9-partitions');
});

test('leaving the wizard with input asks first', async ({ page }) => {
  await page.goto('/streams/new');
  await page.getByRole('radio', { name: 'CSV from an HTTP(S) URL' }).check();
  await next(page, 'Configuration');
  await page.getByRole('button', { name: 'Next' }).click();
  const url = page.getByRole('textbox', { name: /^URL/ });
  await expect(url).toHaveAccessibleDescription('URL is required');
  await shot(page, 'streams-2-configuration-error');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Datasets' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Leave the stream wizard?' });
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(stepHeading(page, 'Configuration')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Datasets' })
    .click();
  await page
    .getByRole('dialog', { name: 'Leave the stream wizard?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/datasets$/);
});

test("the streams screen and a stream's run history", async ({ page }) => {
  await openFromMainNavigation(page, 'Streams');
  await page.getByRole('searchbox', { name: 'Dataset name' }).fill('Regional targets');
  await expect(page).toHaveURL(/q=Regional\+targets/);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Regional targets' }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Data file (CSV)');
  await expect(row).toContainText('Manual: runs only when started');
  await expectAccessibleInBothThemes(page, 'streams');
  await shot(page, 'streams-list');

  // A stream is named by what it loads and from what, not by its number.
  await row.getByRole('link', { name: 'Regional targets from Data file (CSV)' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Regional targets from Data file (CSV)' }),
  ).toBeVisible();
  await expect(page.getByText('regional-targets.csv')).toBeVisible();
  const history = page.getByRole('table', { name: 'Run history' });
  const before = await history.getByRole('row').count();

  await page.getByRole('button', { name: 'Run now' }).click();
  // While it runs it says how far it got and for how long; never that it has not run.
  await expect(page.getByRole('status', { name: 'Run progress' })).toContainText(
    /Starting a run…|is running: (reading the source|[\d,]+ rows? read, loading them into the dataset) · [\d.]+ (ms|s) so far|succeeded/,
  );
  await expect(page.getByRole('status', { name: 'Run progress' })).toContainText(/succeeded/, {
    timeout: 20_000,
  });
  await expect(history.getByRole('row')).toHaveCount(Math.min(before + 1, 11));
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('Succeeded');
  await expect(newest).toContainText('5');
  await expectAccessibleInBothThemes(page, 'stream page');
  await shot(page, 'stream-page');

  await page.getByRole('link', { name: 'Regional targets' }).click();
  await expect(page).toHaveURL(/\/datasets\//);
  await page.getByRole('link', { name: /configuration and run history/ }).click();
  await expect(page.getByRole('table', { name: 'Run history' })).toBeVisible();
});
