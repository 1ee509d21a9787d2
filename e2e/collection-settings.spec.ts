import type { Page } from '@playwright/test';
import { expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';
import { openOrdersFromList } from './navigation';

/** A value of a definition list: the group named by its label, then its definition. */
const definition = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).getByRole('definition');

test('create a datastore and a collection, change its schema, sync orders, delete the collection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const datastoreName = `Field service ${Date.now()}`;

  // A new datastore, and a collection in it with two columns.
  await page.goto('/datastores');
  await page.getByRole('button', { name: 'New datastore' }).click();
  const newDatastore = page.getByRole('dialog', { name: 'New datastore' });
  await newDatastore.getByRole('textbox', { name: 'Name' }).fill(datastoreName);
  await newDatastore.getByRole('button', { name: 'Create datastore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: datastoreName })).toBeVisible();
  await expect(page.getByText('This datastore has no collections yet')).toBeVisible();

  await page.getByRole('button', { name: 'New collection' }).click();
  const newCollection = page.getByRole('dialog', { name: 'New collection' });
  await newCollection.getByRole('textbox', { name: 'Name' }).fill('visits');
  await newCollection.getByRole('button', { name: 'Add column' }).click();
  await newCollection.getByRole('textbox', { name: 'Column 1 name' }).fill('site');
  await newCollection.getByRole('button', { name: 'Add column' }).click();
  await newCollection.getByRole('textbox', { name: 'Column 2 name' }).fill('minutes');
  await newCollection.getByRole('combobox', { name: 'Column 2 type' }).selectOption('LONG');
  await newCollection.getByRole('button', { name: 'Create collection' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'visits' })).toBeVisible();
  // A new collection opens on its (empty) documents; its schema is under Details.
  await expect(page.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).click();
  const schema = page.getByRole('table', { name: 'Schema columns' });
  await expect(schema.getByRole('row', { name: /site\s+STRING/ })).toBeVisible();
  await expect(schema.getByRole('row', { name: /minutes\s+LONG/ })).toBeVisible();

  // A DATE column, saved from the Settings tab, then seen in Details.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const editor = page.getByRole('table', { name: 'Schema editor' });
  await expect(editor.getByRole('textbox', { name: 'Column 2 name' })).toHaveValue('minutes');
  await page.getByRole('button', { name: 'Add column' }).click();
  await editor.getByRole('textbox', { name: 'Column 3 name' }).fill('visitedOn');
  await editor.getByRole('combobox', { name: 'Column 3 type' }).selectOption('DATE');
  await page.getByRole('button', { name: 'Save schema' }).click();
  await expect(page.getByText('Schema saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save schema' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(schema.getByRole('row', { name: /visitedOn\s+DATE/ })).toBeVisible();
  const createdCollectionUrl = page.url();

  // The sample collection "orders": sync it now and see the linked dataset's rows.
  await page.getByRole('link', { name: 'Document store' }).first().click();
  await openOrdersFromList(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();
  await expect(definition(page, 'Status')).toHaveText('Idle');

  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Sync finished')).toBeVisible({ timeout: 60_000 });
  await expect(definition(page, 'Status')).toHaveText('Idle');
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  await expect(definition(page, 'Sync required')).toHaveText('No');
  await expect(definition(page, 'Last sync')).toContainText(/ago/);
  await expect(definition(page, 'Linked dataset').getByRole('link')).toHaveAttribute(
    'href',
    /^\/datasets\/.+/,
  );
  const rows = Number((await definition(page, 'Dataset rows').innerText()).replace(/\D/g, ''));
  expect(rows).toBeGreaterThan(0);
  await expect(page.getByText('The last sync failed')).toHaveCount(0);

  // Delete the collection made above, by typing its name.
  await page.goto(createdCollectionUrl);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete collection' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete collection visits?' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete collection' });
  await expect(deleteButton).toBeDisabled();
  await expectNoSeriousA11y(page, 'delete collection confirmation', '[role="dialog"]');
  await confirm.getByRole('textbox', { name: 'Collection name' }).fill('visit');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox', { name: 'Collection name' }).fill('visits');
  // Nothing asks for the deleted collection afterwards (its document count would be a 404).
  const deletedId = /\/collections\/([^/?#]+)/.exec(createdCollectionUrl)![1]!;
  const afterwards: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes(deletedId) && response.request().method() !== 'DELETE')
      afterwards.push(`${response.status()} ${response.url()}`);
  });
  await deleteButton.click();

  await expect(page.getByRole('heading', { level: 1, name: datastoreName })).toBeVisible();
  await expect(page.getByText('Collection visits deleted')).toBeVisible();
  await expect(page.getByText('This datastore has no collections yet')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(afterwards).toEqual([]);
});
