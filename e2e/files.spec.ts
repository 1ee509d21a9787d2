import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expectAccessible, expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex');

test('upload a data file, add a revision, see both revisions with their hashes, download the first and compare its bytes', async ({
  page,
}) => {
  test.slow(); // axe in both themes on each dialog and notice it opens
  // A name of its own per run: the embedded platform keeps what earlier journeys uploaded.
  const name = `e2e-cities-${Date.now()}.csv`;
  const first = 'city,population\nLyon,522000\nNice,342000\n';
  const second = `${first}Toulouse,504000\nNantes,320000\n`;

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data files' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data files' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Data files' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'data files list');

  await page.getByRole('button', { name: 'Upload data file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a data file' });
  await dialog.getByLabel('Data file', { exact: true }).setInputFiles({
    name: 'cities.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(first),
  });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Big French cities');
  await expectNoSeriousA11y(page, 'upload data file dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Upload' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Nothing to compare yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'New revision' });
  await form.getByLabel('Revision file', { exact: true }).setInputFiles({
    name: 'cities-v2.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(second),
  });
  await form.getByRole('button', { name: 'Upload revision' }).click();
  await expect(form.getByText(/is the current revision now/)).toBeVisible();
  await expectNoSeriousA11y(page, 'data file page with the new-revision notice');

  const rows = page.getByRole('table', { name: 'Revisions' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const newest = rows.nth(1);
  const oldest = rows.nth(2);
  await expect(newest).toContainText('Revision 2');
  await expect(newest).toContainText(sha256(second));
  await expect(newest).toContainText(md5(second));
  await expect(oldest).toContainText('Revision 1');
  await expect(oldest).toContainText(sha256(first));
  await expect(oldest).toContainText(md5(first));
  await expect(oldest).toContainText('Safe');

  const comparison = page.getByRole('status', { name: 'Comparison' });
  await expect(comparison.getByRole('group', { name: 'SHA-256' })).toContainText('Differ');
  await expect(comparison.getByRole('group', { name: 'Size' })).toContainText(
    `${Buffer.byteLength(second) - Buffer.byteLength(first)} bytes larger`,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    oldest.getByRole('link', { name: 'Download Revision 1' }).click(),
  ]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.equals(Buffer.from(first))).toBe(true);
  expect(sha256(bytes)).toBe(sha256(first));

  await expectAccessibleInBothThemes(page, 'data file page');

  await page.getByRole('link', { name: 'Data files' }).first().click();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await expect(page).toHaveURL(/q=e2e-cities-/);
  const table = page.getByRole('table', { name: 'Data files' });
  await expect(table.getByRole('link')).toHaveCount(1);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Big French cities',
  );
});

// The EICAR anti-virus test string, in two parts so this file is not itself taken for one.
const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR', '-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(
  '',
);

test('an Unsafe revision asks before it downloads; a CSV revision previews its first rows', async ({
  page,
}) => {
  test.slow(); // axe in both themes on each dialog and notice it opens
  const name = `e2e-flagged-${Date.now()}.csv`;
  const clean = 'city,population\nLyon,522000\nNice,342000\n';
  await page.goto('/files');
  await page.getByRole('button', { name: 'Upload data file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a data file' });
  await dialog.getByLabel('Data file', { exact: true }).setInputFiles({
    name: 'cities.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(clean),
  });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const form = page.getByRole('form', { name: 'New revision' });
  await form.getByLabel('Revision file', { exact: true }).setInputFiles({
    name: 'flagged.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${clean}${EICAR}\n`),
  });
  await form.getByRole('button', { name: 'Upload revision' }).click();
  const rows = page.getByRole('table', { name: 'Revisions' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Unsafe', { timeout: 20_000 });

  // The first revision previews as a table of its first rows.
  await rows.nth(2).getByRole('button', { name: 'Preview Revision 1' }).click();
  const preview = page.getByRole('dialog', { name: `Preview of Revision 1 of ${name}` });
  const cells = preview.getByRole('table', { name: 'Preview of Revision 1' });
  await expect(cells.getByRole('columnheader', { name: 'population' })).toBeVisible();
  await expect(cells.getByRole('row', { name: 'Nice 342000' })).toBeVisible();
  await expect(preview).toContainText('All 2 rows.');
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  // The Unsafe one is not one click from download: the click asks, naming the finding.
  let downloads = 0;
  page.on('download', () => downloads++);
  await rows.nth(1).getByRole('button', { name: 'Download Revision 2' }).click();
  const warning = page.getByRole('dialog', { name: 'Download an unsafe file?' });
  await expect(warning).toContainText(`flagged Revision 2 of ${name} as Unsafe`);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  expect(downloads).toBe(0);
  await page.getByRole('button', { name: 'Download current' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    warning.getByRole('button', { name: 'Download anyway' }).click(),
  ]);
  expect(fs.readFileSync(await download.path()).toString()).toContain('EICAR');
  // The platform answers an unsafe revision only to a download that says it was warned.
  expect(download.url()).toMatch(/\?acknowledgeUnsafe=true$/);

  // The flag shows in the list too.
  await page.goto(`/files?q=${encodeURIComponent(name)}`);
  await expect(
    page.getByRole('table', { name: 'Data files' }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('Unsafe');
  await expectAccessibleInBothThemes(page, 'data files list with an unsafe file');

  await page.goto('/files');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => window.localStorage.setItem('platform-console.theme', m), mode);
    await page.reload();
    await page.getByRole('button', { name: 'Download current' }).click();
    await expect(warning).toBeVisible();
    await expectAccessible(page, `unsafe download dialog (${mode})`);
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await rows.nth(1).getByRole('button', { name: 'Preview Revision 2' }).click();
    const flagged = page.getByRole('dialog', { name: /Preview of Revision 2/ });
    await expect(flagged).toContainText('EICAR');
    await expectAccessible(page, `revision preview (${mode})`);
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/files-preview-${mode}-${width}.png` });
    }
    await flagged.getByRole('button', { name: 'Close' }).click();
  }
});
