import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expectNoSeriousA11y } from './axe';
import { typeInto } from './code-editor';
import { expect, test } from './fixtures';
import { openOrdersFromList } from './navigation';

/**
 * The documents screen on the sample data: datastore "Sales operations", collection
 * "orders" (400 documents). The first journey goes in order, each step building on the last.
 */

const shots = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

const grid = (page: Page) => page.getByRole('grid', { name: 'Documents' });
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /documents?( match|$)/ });

/** The cells of one column, by its header's position. */
async function columnValues(page: Page, header: string): Promise<string[]> {
  const headers = grid(page).getByRole('columnheader');
  const names = await headers.allInnerTexts();
  const index = names.findIndex((n) => n.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  const ariaIndex = await headers.nth(index).getAttribute('aria-colindex');
  return dataRows(page).locator(`[role="gridcell"][aria-colindex="${ariaIndex}"]`).allInnerTexts();
}

const readDownload = async (download: Download) => fs.readFileSync(await download.path(), 'utf8');

async function openOrders(page: Page) {
  await page.goto('/');
  await openOrdersFromList(page);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(grid(page)).toBeVisible();
}

test('filter, sort, page, create, edit, delete, bulk delete, import and export documents', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openOrders(page);
  await expect(status(page)).toHaveText('400 documents');
  await expect(page.getByText('1–25 of 400')).toBeVisible();
  await shot(page, 'documents-grid');

  // Filter: checked as it is typed, applied with Ctrl+Enter, in the address.
  const filter = page.getByRole('textbox', { name: 'Filter' });
  await typeInto(filter, '{"content.region": "North"');
  await expect(page.getByText(/^Invalid JSON/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await filter.pressSequentially('}');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
  await filter.press('ControlOrMeta+Enter');
  await expect(page).toHaveURL(/filter=%7B%22content.region%22%3A%22North%22%7D/);
  await expect(status(page)).toHaveText(/^\d+ documents match the filter$/);
  const matching = Number((await status(page).innerText()).split(' ')[0]);
  expect(matching).toBeGreaterThan(25);
  expect(matching).toBeLessThan(400);
  expect(new Set(await columnValues(page, 'region'))).toEqual(new Set(['North']));

  // Sort by quantity: ascending, then descending; the address keeps it.
  await grid(page).getByRole('columnheader', { name: 'quantity' }).click();
  await expect(page).toHaveURL(/sort=content.quantity%3Aasc/);
  await expect.poll(async () => (await columnValues(page, 'quantity'))[0]).toBe('1');
  await grid(page).getByRole('columnheader', { name: 'quantity' }).click();
  await expect(page).toHaveURL(/sort=content.quantity%3Adesc/);
  await expect.poll(async () => (await columnValues(page, 'quantity'))[0]).toBe('20');

  // Page 2, then a new sort returns to page 1.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`26–50 of ${matching}`)).toBeVisible();
  const quantities = (await columnValues(page, 'quantity')).map(Number);
  expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
  await shot(page, 'documents-page-2');
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await page.goForward();
  await expect(page).toHaveURL(/page=2/);

  // A filter the platform refuses: a warning as it is typed, the platform's 400 next to the bar.
  await typeInto(filter, '{"content.region": {"$near": "North"}}');
  await expect(page.getByText(/Unknown operator \$near\. Supported: \$eq/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await typeInto(filter, '{"content.quantity": {"$in": 5}}');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/The platform refused this filter: .*\$in/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This filter cannot be run' })).toBeVisible();
  await shot(page, 'documents-refused');
  await page.goBack();
  await expect(status(page)).toHaveText(`${matching} documents match the filter`);

  // Create a document; a value that does not fit its column warns, invalid JSON refuses.
  await page.getByRole('button', { name: 'New document' }).click();
  const drawer = page.getByRole('dialog', { name: 'New document' });
  const content = drawer.getByRole('textbox', { name: 'Content' });
  await typeInto(
    content,
    '{"orderNumber": 99001, "customer": "E2E buyer", "region": "North", "quantity": "ten"',
  );
  await expect(drawer.getByText(/^Invalid JSON/)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Create' })).toBeDisabled();
  await content.pressSequentially(', "orderDate": "03/01/2026"}');
  await expect(drawer.getByText('quantity (LONG) is "ten": expected a whole number')).toBeVisible();
  await expect(drawer.getByText(/orderDate \(DATE\) is "03\/01\/2026"/)).toBeVisible();
  await shot(page, 'documents-new-warnings');
  await typeInto(
    content,
    '{"orderNumber": 99001, "customer": "E2E buyer", "region": "North", "quantity": 999}',
  );
  await expect(drawer.getByText(/do(es)? not fit/)).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Document created')).toBeVisible();
  const opened = page.getByRole('dialog', { name: 'Document' });
  await expect(opened.getByLabel('Document as JSON')).toContainText('"E2E buyer"');
  const createdId = new URL(page.url()).searchParams.get('doc');
  expect(createdId).toBeTruthy();

  // Edit it: a full replace.
  await opened.getByRole('button', { name: 'Edit content' }).click();
  const editor = opened.getByRole('textbox', { name: 'Content' });
  await typeInto(
    editor,
    '{"orderNumber": 99001, "customer": "E2E buyer, edited", "region": "North", "quantity": 999}',
  );
  await opened.getByRole('button', { name: 'Review changes' }).click();
  const changes = opened.getByRole('table', { name: 'Changes to save' });
  await expect(changes.getByRole('row', { name: /customer/ })).toContainText('"E2E buyer, edited"');
  await opened.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document saved')).toBeVisible();
  await expect(opened.getByLabel('Document as JSON')).toContainText('"E2E buyer, edited"');
  await shot(page, 'documents-drawer');

  // The document is linkable: the address opens it.
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'Document' }).getByLabel('Document as JSON'),
  ).toContainText(createdId!);

  // Delete it, after a confirmation.
  await page
    .getByRole('dialog', { name: 'Document' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11y(page, 'delete document confirmation', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted')).toBeVisible();
  await expectNoSeriousA11y(page, 'documents with the deleted notice');
  await expect(page.getByRole('dialog', { name: 'Document' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/doc=/);

  // Keyboard: Enter on a row opens its document, Escape closes it and focus returns.
  const firstCell = dataRows(page).first().getByRole('gridcell').nth(2);
  await firstCell.click();
  await page
    .getByRole('dialog', { name: 'Document' })
    .getByRole('button', { name: 'Close document' })
    .click();
  await firstCell.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Document' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Document' })).toHaveCount(0);

  // Bulk delete two rows of this page; the confirmation states the count.
  await expect(status(page)).toHaveText(`${matching} documents match the filter`);
  await dataRows(page).nth(0).getByRole('checkbox').check();
  await dataRows(page).nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Delete 2 documents?' });
  await expect(bulk).toBeVisible();
  await shot(page, 'documents-bulk-delete');
  await expectNoSeriousA11y(page, 'bulk delete confirmation', '[role="dialog"]');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 documents')).toBeVisible();
  await expect(status(page)).toHaveText(`${matching - 2} documents match the filter`);

  // Import a small NDJSON file: preview, then bulk create.
  await page.getByRole('button', { name: 'Import' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import documents' });
  const lines = [
    { orderNumber: 99101, customer: 'Imported 1', region: 'North', quantity: 3 },
    { orderNumber: 99102, customer: 'Imported 2', region: 'North', quantity: 4 },
    { orderNumber: 99103, customer: 'Imported 3', region: 'South', quantity: 5 },
  ];
  await importDialog.getByLabel('Document file').setInputFiles({
    name: 'bad.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(`${JSON.stringify(lines[0])}\n{"orderNumber": \n`),
  });
  await expect(importDialog.getByText(/Line 2: /)).toBeVisible();
  await expect(importDialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await importDialog.getByLabel('Document file').setInputFiles({
    name: 'new-orders.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n'),
  });
  await expect(importDialog.getByText('3 documents to import (NDJSON)')).toBeVisible();
  await expect(importDialog.getByText(/"Imported 3"/)).toBeVisible();
  await shot(page, 'documents-import-preview');
  await importDialog.getByRole('button', { name: 'Import 3 documents' }).click();
  await expect(
    importDialog.getByText('Imported 3 documents from new-orders.ndjson.'),
  ).toBeVisible();
  await importDialog.getByRole('button', { name: 'Close' }).click();
  await expect(status(page)).toHaveText(`${matching} documents match the filter`);

  // Export the whole filtered result (not only the page) as CSV, then as JSON.
  await page.getByRole('button', { name: 'Export' }).click();
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /Export as CSV/ }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('orders.csv');
  const csv = (await readDownload(csvDownload)).trim().split(/\r?\n/);
  expect(csv[0]).toBe(
    'id,orderNumber,customer,region,product,quantity,unitPrice,status,orderDate,shippedAt,createdOn,updatedOn',
  );
  expect(csv).toHaveLength(matching + 1);
  expect(csv.slice(1).every((line) => line.split(',')[3] === 'North')).toBe(true);
  expect(csv.some((line) => line.includes(',Imported 1,North,'))).toBe(true);

  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
  await page.getByRole('button', { name: 'Export' }).click();
  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /Export as JSON/ }).click(),
  ]);
  expect(jsonDownload.suggestedFilename()).toBe('orders.json');
  const exported = JSON.parse(await readDownload(jsonDownload)) as {
    id: string;
    content: { region: string; quantity: number };
  }[];
  expect(exported).toHaveLength(matching);
  expect(exported.every((d) => d.content.region === 'North')).toBe(true);
  // In the list's order: quantity, descending.
  const exportedQuantities = exported.map((d) => d.content.quantity);
  expect(exportedQuantities).toEqual([...exportedQuantities].sort((a, b) => b - a));
});

test('the recent filters are kept per collection, and a saved filter runs again', async ({
  page,
}) => {
  await openOrders(page);
  const filter = page.getByRole('textbox', { name: 'Filter' });
  await typeInto(filter, '{"content.quantity": {"$gte": 19}}');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(status(page)).toHaveText(/documents match the filter/);

  await page.getByRole('button', { name: 'Saved' }).click();
  await page.getByRole('menuitem', { name: 'Save this filter…' }).click();
  const save = page.getByRole('dialog', { name: 'Save filter' });
  await save.getByRole('textbox', { name: 'Name' }).fill('Big orders');
  await save.getByRole('button', { name: 'Save' }).click();

  await page.getByRole('button', { name: 'Clear filter' }).first().click();
  await expect(status(page)).toHaveText(/^\d+ documents$/);

  await page.reload();
  await page.getByRole('button', { name: 'Recent' }).click();
  await expect(
    page.getByRole('menuitem', { name: '{"content.quantity":{"$gte":19}}' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Saved' }).click();
  await page.getByRole('menuitem', { name: /Big orders/ }).click();
  await expect(page).toHaveURL(/filter=/);
  await expect(status(page)).toHaveText(/documents match the filter/);
  expect(new Set((await columnValues(page, 'quantity')).map(Number)).size).toBeLessThanOrEqual(2);
});

test('the grid keeps its pager on screen with one scroll area; ids copy; hidden columns are remembered', async ({
  page,
  context,
}) => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(size);
    await openOrders(page);
    // Earlier tests may have added documents: any count.
    await expect(page.getByText(/^1–25 of [\d,]+$/)).toBeInViewport();
    // One scroll area: the grid scrolls its rows, the page itself does not scroll.
    const pageScrolls = await page.evaluate(
      () => document.documentElement.scrollHeight > window.innerHeight + 1,
    );
    expect(pageScrolls, `page scrolls at ${size.width}×${size.height}`).toBe(false);
  }
  // Dates are not cut: the whole formatted date is in its cell.
  expect((await columnValues(page, 'orderDate'))[0]).toMatch(/^\d{1,2} \w{3} \d{4}$/);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const firstId = (await columnValues(page, 'ID'))[0]!.trim();
  await grid(page)
    .getByRole('button', { name: `Copy id ${firstId}` })
    .click();
  await expect(page.getByRole('tooltip')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstId);
  await expect(page.getByRole('dialog')).toHaveCount(0); // copying does not open the document

  const statusHeader = grid(page).getByRole('columnheader', { name: 'status' });
  await statusHeader.hover();
  await statusHeader.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('menuitem', { name: 'Hide column' }).click();
  await expect(statusHeader).toHaveCount(0);
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await expect(grid(page).getByRole('columnheader', { name: 'region' })).toBeVisible();
  await expect(statusHeader).toHaveCount(0);
});

test('the drawer stays in after Create, and keeps its document (no skeleton) as it slides out', async ({
  page,
}) => {
  await openOrders(page);
  await page.getByRole('button', { name: 'New document' }).click();
  const drawer = page.getByRole('dialog', { name: 'New document' });
  await typeInto(
    drawer.getByRole('textbox', { name: 'Content' }),
    '{"orderNumber": 99002, "customer": "Drawer check", "region": "South", "quantity": 1}',
  );
  // Watches the drawer's paper: a slide out sets a translate on it; a skeleton is a status.
  await page.evaluate(() => {
    const w = window as unknown as { slides: string[]; skeletons: number };
    w.slides = [];
    w.skeletons = 0;
    const paper = document.querySelector('.MuiDrawer-paper')!;
    new MutationObserver(() => {
      if (/translate/.test((paper as HTMLElement).style.transform))
        w.slides.push((paper as HTMLElement).style.transform);
    }).observe(paper, { attributes: true, attributeFilter: ['style'] });
    new MutationObserver(() => {
      if (document.querySelector('[role="status"][aria-label="Loading document"]')) w.skeletons++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await drawer.getByRole('button', { name: 'Create' }).click();
  const opened = page.getByRole('dialog', { name: 'Document' });
  await expect(opened.getByLabel('Document as JSON')).toContainText('"Drawer check"');
  await expect(page).toHaveURL(/doc=/);
  expect(await page.evaluate(() => (window as unknown as { slides: string[] }).slides)).toEqual([]);

  await page.evaluate(() => ((window as unknown as { skeletons: number }).skeletons = 0));
  await opened.getByRole('button', { name: 'Close document' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { skeletons: number }).skeletons)).toBe(0);
});
