import { expectAccessibleInBothThemes } from './axe';
import { expect, test } from './fixtures';

// An app is declared, it calls the app paths (as the vendor's client would, through the
// gateway), and an administrator sees what it touches under Apps, then opens its collection.

const manifest = {
  name: 'Field notes',
  collections: [{ name: 'notes', schema: { columns: [{ name: 'text', type: 'STRING' }] } }],
};

// The sample declares no app. This file's tests run in order: this one before any is declared.
test('with no app declared, Apps says so', async ({ page }) => {
  await page.goto('/apps');
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No app is declared' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'apps (empty)');
});

test('an app declared by its manifest shows its collections and calls, and leads to its documents', async ({
  page,
  request,
}, testInfo) => {
  // A retry finds what the failed attempt declared and wrote (a declaration is kept): the same
  // manifest is declared again, and this attempt's document is told apart by its text.
  const note = `Heron at the north pond (attempt ${testInfo.retry + 1})`;
  const registered = await request.put('/api/apps/v1/apps/field-notes', { data: manifest });
  expect(registered.status()).toBe(200);
  const created = await request.post('/service/datastores/v1/collections/notes/documents/', {
    data: { content: { text: note } },
    headers: { 'x-app-id': 'field-notes' },
  });
  expect(created.status()).toBe(200);
  const refused = await request.post('/service/datastores/v1/collections/customers/documents', {
    data: { content: { text: 'not mine' } },
    headers: { 'x-app-id': 'field-notes' },
  });
  expect(refused.status()).toBe(404);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apps' }).click();
  const apps = page.getByRole('table', { name: 'Apps' });
  const row = apps.getByRole('row').filter({ hasText: 'Field notes' });
  await expect(row).toContainText('field-notes');
  await expect(row).toContainText('Apps API');
  await expect(row).toContainText('In use');
  await row.getByRole('link', { name: 'Field notes' }).click();

  await expect(page).toHaveURL(/\/apps\/field-notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Field notes' })).toBeVisible();
  const calls = page.getByRole('table', { name: 'Recent calls' });
  await expect(
    calls
      .getByRole('row')
      .filter({ hasText: '/service/datastores/v1/collections/customers/documents' })
      .first(),
  ).toContainText('404');
  await expect(
    calls
      .getByRole('row')
      .filter({ hasText: '/service/datastores/v1/collections/notes/documents' })
      .first(),
  ).toContainText('200');
  await expect(page.getByRole('region', { name: 'Manifest' })).toContainText('"notes"');
  await expectAccessibleInBothThemes(page, 'app');

  await page
    .getByRole('table', { name: 'Collections' })
    .getByRole('link', { name: 'notes' })
    .click();
  await expect(page).toHaveURL(/\/datastores\/[^/]+\/collections\/[^/]+/);
  // Exact: the query editor's placeholder may quote the same text as an example.
  await expect(page.getByText(note, { exact: true })).toBeVisible();
});
