import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectAccessibleInBothThemes, useColorMode } from './axe';
import { expect, test } from './fixtures';

// Sample data (server/platform/seed/data/fileset-files): "Product manuals" holds
// manuals/widget/troubleshooting.md, which tells what a red ring light means.

test('search a fileset and open a result', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Fileset search' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fileset search' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Fileset' }).click();
  await page.getByRole('option', { name: /Product manuals/ }).click();

  const search = page.getByRole('search', { name: 'Search the fileset' });
  await search.getByLabel('Directory').fill('manuals/widget');
  await search.getByLabel('Search text').fill('red ring light');
  await search.getByLabel('Search text').press('Enter');
  await expect(page).toHaveURL(/q=red\+ring\+light/);
  await expect(page).toHaveURL(/dir=manuals%2Fwidget/);

  const results = page.getByRole('table', { name: 'Search results' });
  const first = results.getByRole('row').nth(1);
  await expect(first.getByRole('link', { name: 'troubleshooting.md' })).toBeVisible();
  await expect(first).toContainText('manuals/widget/troubleshooting.md');
  await expect(first.locator('mark').first()).toHaveText(/red|ring|light/i);
  await expect(first.getByRole('progressbar', { name: /^Score/ })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'fileset search results');

  await first.getByRole('link', { name: 'troubleshooting.md' }).click();
  const drawer = page.getByRole('dialog', { name: 'troubleshooting.md' });
  await expect(drawer.getByLabel('Content of troubleshooting.md')).toContainText(
    'A red ring means the Widget could not reach the network.',
  );
  await expect(drawer.getByRole('group', { name: 'Created by' })).not.toContainText(/^User \d/);
  await expect(drawer.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/files\/[^/]+\/download$/,
  );
  await expectAccessibleInBothThemes(page, 'fileset file drawer');

  // The link reproduces the search and the open file.
  const shared = page.url();
  await page.goto('/');
  await page.goto(shared);
  await expect(page.getByRole('dialog', { name: 'troubleshooting.md' })).toBeVisible();
  await page.getByRole('button', { name: 'Close the file' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Search text')).toHaveValue('red ring light');
});

test('upload a file with progress, find it in the tree and by search', async ({ page }) => {
  await page.goto('/filesets');
  await page.getByRole('combobox', { name: 'Fileset' }).click();
  await page.getByRole('option', { name: /Support runbooks/ }).click();

  await page.getByLabel('Upload to folder').fill('e2e/uploads');
  await page.getByLabel('Files to upload').setInputFiles({
    name: 'zorblax.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Zorblax\n\nRestart the zorblax relay before paging anyone.\n'),
  });
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('Uploaded')).toBeVisible();

  const tree = page.getByRole('list', { name: 'Files' });
  await tree.getByRole('button', { name: /^e2e/ }).click();
  await page
    .getByRole('list', { name: 'Files in e2e' })
    .getByRole('button', { name: /uploads/ })
    .click();
  await page
    .getByRole('list', { name: 'Files in e2e/uploads' })
    .getByRole('link', { name: /zorblax.md/ })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'zorblax.md' }).getByLabel('Content of zorblax.md'),
  ).toContainText('Restart the zorblax relay');
  await page.getByRole('button', { name: 'Close the file' }).click();

  await page.getByLabel('Search text').fill('zorblax');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('table', { name: 'Search results' }).getByRole('link', { name: 'zorblax.md' }),
  ).toBeVisible();
});

test('search one directory by Enter, in light and dark, beside the open tree; open a result', async ({
  page,
}, testInfo) => {
  // The screenshots are for looking at the screen: in E2E_SCREENSHOTS when it names a folder.
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screenshots');
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const mode of ['light', 'dark'] as const) {
    await useColorMode(page, mode);
    await page.goto('/filesets');
    await page.getByRole('combobox', { name: 'Fileset' }).click();
    await page.getByRole('option', { name: /Product manuals/ }).click();
    await page.getByRole('button', { name: /^manuals/ }).click();
    await page.getByRole('button', { name: /^widget/ }).click();
    await page.getByLabel('Search text').fill('warranty');
    await page.getByLabel('Directory').fill('manuals/widget');
    await page.getByLabel('Search text').press('Enter');
    const results = page.getByRole('table', { name: 'Search results' });
    await expect(results).toBeVisible();
    await expect(results.getByRole('row').nth(1)).toBeVisible();
    for (const row of (await results.getByRole('row').all()).slice(1))
      await expect(row).toContainText('manuals/widget/');
    await page.screenshot({ path: path.join(dir, `filesets-${mode}.png`) });
    await results.getByRole('link').first().click();
    await expect(page.getByRole('dialog').getByLabel(/^Content of/)).toBeVisible();
    await page.screenshot({ path: path.join(dir, `filesets-file-${mode}.png`) });
  }
});

test('a Markdown passage reads as text, Created fits one line, and a folder of one says "1 file"', async ({
  page,
}, testInfo) => {
  const word = `quuxfrob${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/filesets');
  await page.getByRole('combobox', { name: 'Fileset' }).click();
  await page.getByRole('option', { name: /Support runbooks/ }).click();
  const folder = `e2e/one-${Date.now()}`;
  await page.getByLabel('Upload to folder').fill(folder);
  await page.getByLabel('Files to upload').setInputFiles({
    name: 'answer.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(`## Answer\n\nPress **${word}** and see [the guide](https://x.test/g).\n`),
  });
  await expect(page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded')).toBeVisible();
  await page.getByRole('list', { name: 'Files' }).getByRole('button', { name: /^e2e/ }).click();
  await expect(
    page.getByRole('list', { name: 'Files in e2e' }).getByRole('button', { name: /^one-/ }).last(),
  ).toContainText(/1 file$/);

  await page.getByLabel('Search text').fill(word);
  await page.getByLabel('Search text').press('Enter');
  const row = page.getByRole('table', { name: 'Search results' }).getByRole('row').nth(1);
  await expect(row.getByRole('link', { name: 'answer.md' })).toBeVisible();
  await expect(row).toContainText(`Answer · Press ${word} and see the guide.`);
  await expect(row).not.toContainText('##');
  await expect(row).not.toContainText('**');
  const created = row.getByRole('cell').last();
  const lineHeight = await created.evaluate((cell) => {
    const time = cell.querySelector('time')!;
    return {
      height: time.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(time).lineHeight),
    };
  });
  expect(lineHeight.height).toBeLessThan(lineHeight.line * 1.5);
  await expectAccessibleInBothThemes(page, 'fileset search with a Markdown passage');
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`markdown-passage-${width}.png`) });
  }
});
