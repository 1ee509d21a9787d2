import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectAccessible, expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';
import { expect, test } from './fixtures';

// The console's token is the sample administrator's (Ada Admin): she manages every token.

test('create an access token, see it once, find it in the list, revoke it', async ({
  page,
  context,
}) => {
  test.slow(); // axe in both themes on each dialog and notice it opens
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
  await expectNoSeriousA11y(page, 'create token dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token “nightly sync” created' });
  await expect(shown.getByText('Copy it now: it cannot be seen again')).toBeVisible();
  await expectNoSeriousA11y(page, 'token created dialog', '[role="dialog"]');
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
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11y(page, 'revoke token confirmation', '[role="dialog"]');
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

test('an admin changes a user’s role and a role’s grants; the console’s own tokens are listed, never their values', async ({
  page,
  dataDir,
}, testInfo) => {
  test.slow(); // axe in both themes on three screens
  await page.goto('/security/users');
  const users = page.getByRole('table', { name: 'Users' });
  const dev = users.getByRole('row').filter({ hasText: 'Dev Participant' });
  await expect(dev).not.toContainText('Workflow API');
  await dev.getByRole('combobox', { name: 'Role of Dev Participant' }).click();
  await page.getByRole('option', { name: 'Privileged' }).click();
  await expect(page.getByText('Dev Participant is Privileged now')).toBeVisible();
  await expect(dev).toContainText('Workflow API');
  await expect(dev.getByRole('combobox', { name: 'Role of Dev Participant' })).toHaveText(
    'Privileged',
  );
  await expectAccessibleInBothThemes(page, 'security users with role pickers');
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`security-users-${width}.png`) });
  }
  await dev.getByRole('combobox', { name: 'Role of Dev Participant' }).click();
  await page.getByRole('option', { name: 'Participant' }).click();
  await expect(dev).not.toContainText('Workflow API');
  // The last Admin keeps the role: the platform refuses, the console says so.
  const ada = users.getByRole('row').filter({ hasText: 'Ada Admin' });
  await ada.getByRole('combobox', { name: 'Role of Ada Admin' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await expect(page.getByText(/Ada Admin keeps the Admin role: The last Admin/)).toBeVisible();
  await expect(ada.getByRole('combobox', { name: 'Role of Ada Admin' })).toHaveText('Admin');

  await page.getByRole('tab', { name: 'Roles' }).click();
  const roles = page.getByRole('table', { name: 'Roles' });
  const participant = roles
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Participant', exact: true }) });
  await expect(roles.getByRole('button', { name: 'Change grants of Admin' })).toHaveCount(0);
  await participant.getByRole('button', { name: 'Change grants of Participant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grants of the Participant role' });
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => window.localStorage.setItem('platform-console.theme', m), mode);
    await page.reload();
    await participant.getByRole('button', { name: 'Change grants of Participant' }).click();
    await dialog.getByRole('checkbox', { name: /^Workflow API/ }).check();
    await expectAccessible(page, `grants dialog (${mode})`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(participant).not.toContainText('Workflow API');
  await expectAccessibleInBothThemes(page, 'security roles');
  await participant.getByRole('button', { name: 'Change grants of Participant' }).click();
  await dialog.getByRole('checkbox', { name: /^Workflow API/ }).check();
  await dialog.getByRole('button', { name: 'Save grants' }).click();
  await expect(dialog).toBeHidden();
  await expect(participant).toContainText('Workflow API');
  await participant.getByRole('button', { name: 'Change grants of Participant' }).click();
  await dialog.getByRole('checkbox', { name: /^Workflow API/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save grants' }).click();
  await expect(participant).not.toContainText('Workflow API');

  await page.getByRole('tab', { name: 'Tokens' }).click();
  const own = page.getByRole('table', { name: 'Tokens this console runs on' });
  const developer = own.getByRole('row').filter({ hasText: 'Developer token' });
  await expect(developer).toContainText('Ada Admin (Admin)');
  await expect(developer).toContainText('Held by the gateway, never shown');
  await expect(own.getByRole('row').filter({ hasText: 'Access token' })).toContainText(
    'The workflow API',
  );
  // The values the gateway holds (the embedded platform's, in its DATA_DIR) are nowhere on the page.
  const held = JSON.parse(readFileSync(path.join(dataDir, 'tokens.json'), 'utf8')) as Record<
    string,
    string
  >;
  const html = await page.content();
  for (const value of Object.values(held)) {
    expect(value.length).toBeGreaterThan(16);
    expect(html).not.toContain(value);
  }
  await expectAccessibleInBothThemes(page, 'security tokens with the console’s own');
  await page.screenshot({ path: testInfo.outputPath('security-tokens.png'), fullPage: true });
});
