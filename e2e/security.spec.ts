import { expectAccessibleInBothThemes } from './axe';
import { expect, test } from './fixtures';

// The console's token is the sample administrator's (Ada Admin): she manages every token.

test('create an access token, see it once, find it in the list, revoke it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page).toHaveURL(/\/security\/tokens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

  await page.getByRole('button', { name: 'Create token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('nightly sync');
  await dialog.getByRole('combobox', { name: 'Expires after' }).click();
  await page.getByRole('option', { name: '30 days' }).click();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token “nightly sync” created' });
  await expect(shown.getByText('Copy it now: it cannot be seen again')).toBeVisible();
  const value = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(value).toMatch(/^pct_/);
  await shown.getByRole('button', { name: 'Copy token' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const table = page.getByRole('table', { name: 'Tokens' });
  const row = table.getByRole('row').filter({ hasText: 'nightly sync' });
  await expect(row).toContainText('Ada Admin');
  await expect(row).toContainText('Access');
  await expect(row).toContainText('Active');
  await expect(page.getByText(value)).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'security tokens');

  await page.getByRole('button', { name: 'Revoke token nightly sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token “nightly sync”?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'nightly sync' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Revoked' }).click();
  await expect(page).toHaveURL(/status=revoked/);
  await expect(
    page
      .getByRole('table', { name: 'Tokens' })
      .getByRole('row')
      .filter({ hasText: 'nightly sync' }),
  ).toContainText('Revoked');
});

test('an admin mints a developer token for a user picked by name', async ({ page }) => {
  await page.goto('/security/tokens?kind=developer');
  await page.getByRole('button', { name: 'Create token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Chloe’s console');
  await expect(dialog.getByRole('combobox', { name: 'Kind' })).toHaveText(/Developer token/);
  await dialog.getByRole('combobox', { name: 'Owner' }).fill('Chloe');
  await page.getByRole('option', { name: /Chloe Editor/ }).click();
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'Token “Chloe’s console” created' });
  await expect(shown).toContainText('Developer token of Chloe Editor');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Tokens' })
      .getByRole('row')
      .filter({ hasText: 'Chloe’s console' }),
  ).toContainText('Chloe Editor');
});

test('users with their roles, and roles with their grants', async ({ page }) => {
  await page.goto('/security/users');
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'Dev Participant' })).toContainText(
    'Support',
  );
  await page.getByRole('searchbox', { name: 'Search users' }).fill('editor');
  await expect(page).toHaveURL(/q=editor/);
  await expect(users.getByRole('row')).toHaveCount(3);
  await expectAccessibleInBothThemes(page, 'security users');

  await page.getByRole('tab', { name: 'Roles' }).click();
  const roles = page.getByRole('table', { name: 'Roles' });
  const role = (name: string) =>
    roles.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(role('Admin')).toContainText('Manage security');
  await expect(role('Admin')).toContainText('Workflow API');
  await expect(role('Privileged')).toContainText('Workflow API');
  await expect(role('Editor')).not.toContainText('Workflow API');
  await expectAccessibleInBothThemes(page, 'security roles');
});
