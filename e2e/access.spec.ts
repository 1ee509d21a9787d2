import { expectAccessibleInBothThemes } from './axe';
import { startUserConsole, type UserConsole } from './as-user';
import { expect, test } from './fixtures';

// Access, seen from a non-admin user. Dev Participant (user 4, role Participant, group Support)
// has nothing shared with him in the sample data; the admin shares "Sales by region" with him at
// CAN_SHARE. A Participant may read what is shared with him but not share it on, so Share is
// disabled, and "Web traffic" (Ben's, shared with no one) is not found for him. The admin's side
// is the main web server (`npm start`, the same sample data): there, "Web traffic" opens.
const DEV_PARTICIPANT = 4;
let dev: UserConsole;
const ids: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dev = await startUserConsole(DEV_PARTICIPANT);
  const all = (await (await dev.asAdmin('/api/data/v3/datasources?limit=50')).json()) as Array<{
    id: string;
    name: string;
  }>;
  for (const d of all) ids[d.name] = d.id;
  expect(ids['Sales by region'] && ids['Web traffic']).toBeTruthy();
  const shared = await dev.asAdmin(`/api/data/v3/datasources/${ids['Sales by region']}/share`, {
    method: 'POST',
    json: {
      permissions: [{ id: String(DEV_PARTICIPANT), type: 'USER', accessLevel: 'CAN_SHARE' }],
      sendEmail: false,
    },
  });
  expect(shared.status).toBe(200);
});
test.afterAll(async () => {
  await dev?.close();
});

test('a non-admin token sees only what is shared with it, and may not share it on', async ({
  page,
}) => {
  await page.goto(`${dev.baseURL}/datasets`);
  await expect(page.getByTestId('current-user')).toHaveText('Dev Participant · Participant');

  const table = page.getByRole('table', { name: 'Datasets' });
  await expect(table.getByRole('link', { name: 'Sales by region' })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(1);
  await expect(table.getByRole('link', { name: 'Web traffic' })).toHaveCount(0);

  await table.getByRole('link', { name: 'Sales by region' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales by region' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sharing' }).click();
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await expect(share).toBeDisabled();
  await page.locator('[data-guard="disabled"]', { has: share }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('You need the Editor role or higher');
  await expectAccessibleInBothThemes(page, 'dataset sharing as a Participant');

  await page.getByRole('tab', { name: 'Certification' }).click();
  await expect(page.getByRole('button', { name: 'Certify' })).toBeDisabled();

  await page.goto(`${dev.baseURL}/datasets/${ids['Web traffic']}`);
  await expect(page.getByText('Not found, or you have no access')).toBeVisible();
  await expect(page.getByText(`No dataset ${ids['Web traffic']}`)).toBeVisible();
});

test('the Security area tells a non-admin what they need', async ({ page }) => {
  await page.goto(`${dev.baseURL}/security/users`);
  await expect(page.getByRole('heading', { name: 'You need the Admin role' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'security users as a Participant');
  await page.getByRole('tab', { name: 'Access tokens' }).click();
  await expect(
    page.getByRole('heading', { name: 'You need the Workflow API grant' }),
  ).toBeVisible();
});

test('as admin, the dataset not shared with the user is visible', async ({ page }) => {
  await page.goto(`/datasets/${ids['Web traffic']}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Web traffic' })).toBeVisible();
  await expect(page.getByTestId('current-user')).toHaveText('Ada Admin · Admin');
  await page.getByRole('tab', { name: 'Sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeEnabled();
});
