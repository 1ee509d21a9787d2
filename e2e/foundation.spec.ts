import fs from 'node:fs';
import path from 'node:path';
import { expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';
import { distDir } from './consoles';
import { openOrdersFromList } from './navigation';

test('from the datastore list to a collection and its fields', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Document store' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Upstream: Embedded platform' })).toBeVisible();

  await openOrdersFromList(page);
  await page.getByRole('tab', { name: 'Details' }).click();
  const value = (label: string) =>
    page.getByRole('group', { name: label, exact: true }).getByRole('definition');
  await expect(value('Sync enabled')).toHaveText('Yes');
  await expect(value('Owner')).toHaveText('Ada Admin');
  await expect(value('ID')).toContainText('0d9e8f7a-1b2c-4d3e-8f4a-5b6c7d8e9f01');
  const schema = page.getByRole('table', { name: 'Schema columns' });
  await expect(schema.getByRole('row', { name: /orderDate\s+DATE/ })).toBeVisible();
  await expect(schema.getByRole('row', { name: /shippedAt\s+DATETIME/ })).toBeVisible();
});

test('no screen breaks the Content-Security-Policy (zod builds its parsers without eval)', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|script-src/.test(message.text()))
      violations.push(`${message.location().url}: ${message.text()}`);
  });
  for (const screen of ['/datastores', '/datasets', '/workflows', '/security']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('an unknown collection reads as not found, with its trace id', async ({ page }) => {
  await page.goto(
    '/datastores/6f1c2a52-5d2e-4c8e-9a51-1b0c1d2e3f40/collections/no-such-collection',
  );
  const alert = page.getByRole('alert');
  await expect(alert.getByText('Not found, or you have no access')).toBeVisible();
  await expect(alert.getByText(/Trace id [0-9A-F]{24}/)).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Copy trace id' })).toBeVisible();
  await expectNoSeriousA11y(page, 'collection not found');
});

/** The tokens the embedded platform of this test's console generated (in its DATA_DIR). */
function generatedTokens(dataDir: string) {
  const tokens = Object.values(
    JSON.parse(fs.readFileSync(path.join(dataDir, 'tokens.json'), 'utf8')) as Record<
      string,
      string
    >,
  );
  expect(tokens.length).toBe(3);
  return tokens;
}

test('no token is in the built bundle', ({ dataDir }) => {
  const tokens = generatedTokens(dataDir);
  const dist = distDir();
  const files = fs
    .readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile());
  expect(files.some((f) => f.name.endsWith('.js'))).toBe(true);
  for (const file of files) {
    const text = fs.readFileSync(path.join(file.parentPath, file.name), 'latin1');
    for (const token of tokens)
      expect(text.includes(token), `${file.name} holds a token`).toBe(false);
  }
});

test('no token reaches the browser', async ({ page, dataDir }) => {
  const tokens = generatedTokens(dataDir);

  const bodies: string[] = [];
  page.on('response', (response) => {
    bodies.push(response.url());
    bodies.push(JSON.stringify(response.headers()));
    void response.text().then(
      (text) => bodies.push(text),
      () => undefined,
    );
  });
  await page.goto('/');
  await openOrdersFromList(page);
  await page.waitForLoadState('networkidle');

  expect(bodies.length).toBeGreaterThan(5);
  const everything = bodies.join('\n');
  for (const token of tokens) expect(everything.includes(token)).toBe(false);
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
  for (const token of tokens) expect(storage.includes(token)).toBe(false);
});
