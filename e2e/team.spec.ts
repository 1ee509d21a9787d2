import type { Browser, Page } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothThemes, expectNoSeriousA11y } from './axe';
import { freePort, startConsole, type RunningConsole } from './consoles';
import { expect, test } from './fixtures';
import { startOidcProvider, type RunningProvider } from './oidc-provider';

/**
 * One console hosted for a team (CONSOLE_AUTH): each person signs in and acts as themself. These
 * journeys start consoles of their own, in team mode, beside the worker's one-operator console.
 */
const SAMPLE_PASSWORD = 'console-demo';

test.describe.configure({ mode: 'serial' });

let team: RunningConsole;
test.beforeAll(async () => {
  team = await startConsole({ CONSOLE_AUTH: 'platform' });
});
test.afterAll(async () => {
  await team?.close();
});

async function personPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

async function signIn(page: Page, email: string, password = SAMPLE_PASSWORD) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('two people sign in, each acts as themself, and signs out', async ({ browser }) => {
  test.slow();
  const dev = await personPage(browser);
  // Signed out, any page leads to the sign-in page, then back to the page asked for.
  await dev.page.goto(`${team.baseURL}/datasets?q=sales`);
  await expect(dev.page).toHaveURL(/\/sign-in\?next=%2Fdatasets%3Fq%3Dsales$/);
  await expect(dev.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(dev.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessibleInBothThemes(dev.page, 'sign-in page');
  await signIn(dev.page, 'dev@example.com');
  await expect(dev.page).toHaveURL(/\/datasets\?q=sales$/);
  await expect(dev.page.getByTestId('current-user')).toContainText('Dev Participant');
  // Sales by region is shared with Ben and Finance, not with Dev (Support).
  await expect(dev.page.getByText('No dataset matches “sales”')).toBeVisible();

  const ada = await personPage(browser);
  await ada.page.goto(`${team.baseURL}/security/users`);
  await signIn(ada.page, 'ada@example.com');
  await expect(ada.page).toHaveURL(/\/security\/users$/);
  await expect(ada.page.getByTestId('current-user')).toContainText('Ada Admin');
  await expect(ada.page.getByRole('table', { name: 'Users' })).toContainText('Dev Participant');
  await ada.page.goto(`${team.baseURL}/datasets?q=sales`);
  await expect(
    ada.page
      .getByRole('table', { name: 'Datasets' })
      .getByRole('link', { name: 'Sales by region' }),
  ).toBeVisible();
  await ada.page.goto(`${team.baseURL}/security/users`);

  // Dev is not an Admin: the same screen tells him so, while Ada manages users in hers.
  await dev.page.goto(`${team.baseURL}/security/users`);
  await expect(dev.page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  await expect(dev.page.getByText(/Admin/).first()).toBeVisible();

  // What Dev changes is his in the activity log that Ada reads.
  const store = await dev.page.request.post(`${team.baseURL}/api/datastores/v1/`, {
    data: { name: 'devs-team-store' },
    headers: { origin: team.baseURL },
  });
  expect(store.ok()).toBe(true);
  const { id } = (await store.json()) as { id: string };
  const collection = await dev.page.request.post(
    `${team.baseURL}/api/datastores/v1/${id}/collections`,
    { data: { name: 'devs_notes' }, headers: { origin: team.baseURL } },
  );
  expect(collection.ok()).toBe(true);
  await ada.page.goto(`${team.baseURL}/activity?q=devs_notes`);
  const row = ada.page.getByRole('row').filter({ hasText: 'devs_notes' }).first();
  await expect(row).toContainText('Dev Participant');

  // Sign out from the user menu: back to the sign-in page, and the screens stay closed.
  await dev.page.getByTestId('current-user').click();
  // The menu opens on its first action, and the arrow keys move through the rest.
  await expect(dev.page.getByRole('menuitem', { name: 'Change password' })).toBeFocused();
  // Axe reads colours as drawn: wait until the menu has finished fading in.
  await expect(dev.page.getByRole('dialog')).toHaveCSS('opacity', '1');
  await expectAccessible(dev.page, 'user menu', '[role="dialog"]');
  await dev.page.keyboard.press('ArrowDown');
  await expect(dev.page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await dev.page.keyboard.press('Enter');
  await expect(dev.page).toHaveURL(/\/sign-in/);
  await dev.page.goto(`${team.baseURL}/datasets`);
  await expect(dev.page).toHaveURL(/\/sign-in\?next=%2Fdatasets$/);
  const api = await dev.page.request.get(`${team.baseURL}/api/content/v2/users/me`);
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ signIn: '/sign-in' });

  // Ada's session is her own: Dev's sign-out did not end it.
  await ada.page.reload();
  await expect(ada.page.getByTestId('current-user')).toContainText('Ada Admin');
  await dev.context.close();
  await ada.context.close();
});

test('failed sign-ins are refused for a while; other sites cannot post; a disabled person is signed out at once', async ({
  browser,
}) => {
  test.slow();
  const guesser = await personPage(browser);
  await guesser.page.goto(`${team.baseURL}/sign-in`);
  for (let i = 0; i < 5; i++) {
    await signIn(guesser.page, 'eve@example.com', `wrong-guess-${i}`);
    await expect(guesser.page.getByRole('alert')).toContainText(
      'The email or password is not right',
    );
  }
  await signIn(guesser.page, 'eve@example.com', SAMPLE_PASSWORD);
  const refused = guesser.page.getByRole('alert');
  await expect(refused).toContainText(
    /Too many failed sign-ins for this account: try again after \d\d:\d\d UTC/,
  );
  await expectAccessible(guesser.page, 'sign-in refused for a while');
  await guesser.context.close();

  // Another site cannot sign anyone in, nor change anything with a person's session.
  const chloe = await personPage(browser);
  const forged = await chloe.page.request.post(`${team.baseURL}/gateway/sign-in`, {
    data: { email: 'chloe@example.com', password: SAMPLE_PASSWORD },
    headers: { origin: 'http://evil.example' },
  });
  expect(forged.status()).toBe(403);
  await chloe.page.goto(`${team.baseURL}/`);
  await signIn(chloe.page, 'chloe@example.com');
  await expect(chloe.page.getByTestId('current-user')).toContainText('Chloe');
  const crossSite = await chloe.page.request.post(`${team.baseURL}/api/datastores/v1/`, {
    data: { name: 'planted' },
    headers: { origin: 'http://evil.example' },
  });
  expect(crossSite.status()).toBe(403);

  // Ada disables Chloe: Chloe's next request ends her session and shows the sign-in page.
  const ada = await personPage(browser);
  await ada.page.goto(`${team.baseURL}/security/users`);
  await signIn(ada.page, 'ada@example.com');
  const chloeRow = ada.page.getByRole('row').filter({ hasText: 'chloe@example.com' });
  await chloeRow.getByRole('button', { name: /Disable/ }).click();
  const confirm = ada.page.getByRole('dialog');
  await confirm.getByRole('button', { name: /Disable/ }).click();
  await expect(chloeRow).toContainText('Disabled');

  await chloe.page.goto(`${team.baseURL}/datasets`);
  await expect(chloe.page).toHaveURL(/\/sign-in/);
  await expect(chloe.page.getByText(/Your session has ended/)).toBeVisible();
  await signIn(chloe.page, 'chloe@example.com');
  await expect(chloe.page.getByRole('alert')).toContainText('The email or password is not right');

  await chloeRow.getByRole('button', { name: /Enable/ }).click();
  await ada.page
    .getByRole('dialog')
    .getByRole('button', { name: /Enable/ })
    .click();
  await expect(chloeRow).not.toContainText('Disabled');

  // Ada gives Chloe a password of her own: the sample one is over for her.
  await chloeRow.getByRole('button', { name: /^Set password for / }).click();
  const setPassword = ada.page.getByRole('dialog', { name: /^Set password for / });
  await setPassword.getByLabel(/^New password/).fill('chloe’s own passphrase');
  await setPassword.getByLabel(/^Confirm password/).fill('chloe’s own passphrase');
  await expectAccessible(ada.page, 'set password dialog', '[role="dialog"]');
  await setPassword.getByRole('button', { name: 'Set password' }).click();
  await expect(setPassword).toHaveCount(0);
  await expect(ada.page.getByText(/^Password set for /)).toBeVisible();
  await signIn(chloe.page, 'chloe@example.com');
  await expect(chloe.page.getByRole('alert')).toContainText('The email or password is not right');
  await signIn(chloe.page, 'chloe@example.com', 'chloe’s own passphrase');
  await expect(chloe.page.getByTestId('current-user')).toContainText('Chloe');
  await chloe.context.close();
  await ada.context.close();
});

test.describe('console sessions', () => {
  /** A console of its own: the journeys above leave sessions of Ada in force on theirs. */
  let fresh: RunningConsole;
  test.beforeAll(async () => {
    fresh = await startConsole({ CONSOLE_AUTH: 'platform' });
  });
  test.afterAll(async () => {
    await fresh?.close();
  });

  test('Ada sees where she is signed in, ends another browser’s session, and that browser is signed out', async ({
    browser,
  }) => {
    test.slow();
    const here = await personPage(browser);
    await here.page.goto(`${fresh.baseURL}/datasets`);
    await signIn(here.page, 'ada@example.com');
    await expect(here.page.getByTestId('current-user')).toContainText('Ada Admin');
    const there = await personPage(browser);
    await there.page.goto(`${fresh.baseURL}/datasets`);
    await signIn(there.page, 'ada@example.com');
    await expect(there.page.getByTestId('current-user')).toContainText('Ada Admin');

    await here.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Security' })
      .click();
    await here.page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(here.page).toHaveURL(/\/security\/sessions$/);
    const sessions = here.page.getByRole('table', { name: 'Sessions' });
    await expect(sessions.getByRole('row', { name: /Ada Admin/ })).toHaveCount(2);
    await expect(sessions.getByRole('row', { name: /This browser/ })).toHaveCount(1);
    await expect(
      sessions.getByRole('button', { name: 'End session of Ada Admin in this browser' }),
    ).toBeVisible();
    await expectAccessibleInBothThemes(here.page, 'security sessions tab');

    // By keyboard, as from the row: the button is focused and pressed.
    await sessions.getByRole('button', { name: 'End session of Ada Admin', exact: true }).focus();
    await here.page.keyboard.press('Enter');
    const confirm = here.page.getByRole('dialog', { name: 'End Ada Admin’s session?' });
    await expect(confirm).toContainText('You stay signed in here');
    await expect(confirm).toHaveCSS('opacity', '1');
    await expectNoSeriousA11y(here.page, 'end session dialog', '[role="dialog"]');
    await confirm.getByRole('button', { name: 'End session' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(here.page.getByRole('alert')).toContainText('Ada Admin’s session has ended');
    await expect(sessions.getByRole('row', { name: /Ada Admin/ })).toHaveCount(1);
    await expect(sessions.getByRole('row', { name: /This browser/ })).toHaveCount(1);

    // The other browser learns at its next step: the sign-in page, saying why.
    await there.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Workflows' })
      .click();
    await expect(there.page).toHaveURL(/\/sign-in\?next=%2Fworkflows&reason=ended$/);
    await expect(there.page.getByRole('status')).toContainText('Your session has ended');
    // This one goes on.
    await here.page.reload();
    await expect(here.page.getByRole('table', { name: 'Sessions' })).toBeVisible();
    await there.context.close();
    await here.context.close();
  });
});

test.describe('OpenID Connect', () => {
  /** The shortest idle timeout there is, so that a session's end can be seen in the test. */
  const IDLE_MS = 60_000;
  let consoleOidc: RunningConsole;
  let provider: RunningProvider;
  test.beforeAll(async () => {
    const consolePort = await freePort();
    const consoleUrl = `http://127.0.0.1:${consolePort}`;
    provider = await startOidcProvider(await freePort(), consoleUrl);
    consoleOidc = await startConsole({
      PORT: String(consolePort),
      CONSOLE_AUTH: 'oidc',
      CONSOLE_PUBLIC_URL: consoleUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Team ID',
      CONSOLE_SESSION_IDLE_MINUTES: String(IDLE_MS / 60_000),
    });
  });
  test.afterAll(async () => {
    await consoleOidc?.close();
    await provider?.close();
  });

  async function throughProvider(page: Page, login: string) {
    await page.getByRole('link', { name: 'Sign in with Team ID' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    const consent = page.getByRole('button', { name: 'Continue' });
    if (await consent.isVisible({ timeout: 5_000 }).catch(() => false)) await consent.click();
  }

  test('a person signs in through the provider, an unknown email is refused clearly, and an idle session ends', async ({
    browser,
  }) => {
    test.slow();
    const ada = await personPage(browser);
    // The provider's own page asks for web fonts; nothing outside this machine is reachable.
    await ada.context.route(/fonts\.googleapis\.com/, (route) => route.abort());
    await ada.page.goto(`${consoleOidc.baseURL}/workflows`);
    await expect(ada.page).toHaveURL(/\/sign-in\?next=%2Fworkflows$/);
    await expect(ada.page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expectAccessible(ada.page, 'sign-in page (OpenID Connect)');
    await throughProvider(ada.page, 'ada@example.com');
    await expect(ada.page).toHaveURL(`${consoleOidc.baseURL}/workflows`);
    await expect(ada.page.getByTestId('current-user')).toContainText('Ada Admin');
    // A screen that reads nothing on its own while it is open: only the status poll goes on.
    await ada.page.getByRole('link', { name: 'Datasets' }).click();
    await expect(ada.page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();
    await ada.page.waitForLoadState('networkidle');
    const lastUse = Date.now();

    const stranger = await personPage(browser);
    await stranger.context.route(/fonts\.googleapis\.com/, (route) => route.abort());
    await stranger.page.goto(`${consoleOidc.baseURL}/`);
    await throughProvider(stranger.page, 'nobody@example.com');
    await expect(stranger.page).toHaveURL(/\/sign-in\?error=/);
    await expect(stranger.page.getByRole('alert')).toContainText(
      'No platform user has the email nobody@example.com',
    );
    await expectAccessible(stranger.page, 'sign-in refused (OpenID Connect)');
    await stranger.context.close();

    // Left idle past CONSOLE_SESSION_IDLE_MINUTES, Ada's session is over: she is asked to sign in
    // again, and told why.
    await ada.page.waitForTimeout(Math.max(0, lastUse + IDLE_MS + 2_000 - Date.now()));
    await ada.page.reload();
    await expect(ada.page).toHaveURL(/\/sign-in\?next=%2Fdatasets&reason=ended$/);
    await expect(ada.page.getByText(/Your session has ended/)).toBeVisible();
    await ada.context.close();
  });
});
