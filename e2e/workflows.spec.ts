import type { Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from './axe';
import { startUserConsole } from './as-user';
import { expect, test } from './fixtures';

/**
 * The workflows console of issue 13 on the embedded platform: a workflow made in the step editor
 * runs on the platform's runner, and its log streams into the run page.
 */

const shots = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

test.use({
  colorScheme: 'light',
  timezoneId: 'Europe/Paris',
  viewport: { width: 1440, height: 900 },
});
test.describe.configure({ timeout: 180_000 });

const step = (page: Page, n: number) =>
  page.getByRole('region', { name: new RegExp(`^Step ${n}:`) });

async function addStep(page: Page, label: string) {
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click();
}

async function newWorkflow(page: Page, name: string) {
  await page.goto('/workflows');
  await page.getByRole('main').getByRole('link', { name: 'New workflow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New workflow' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: false }).first().fill(name);
}

async function createAndRun(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page
    .getByRole('form', { name: 'Run the workflow' })
    .getByRole('button', { name: 'Run' })
    .click();
  await expect(page).toHaveURL(/\/workflows\/runs\//);
  await expect(page.getByRole('log', { name: 'Run log' })).toBeVisible();
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /^Run status:/ });

test('create a two-step workflow, run it, and watch the log stream to COMPLETED', async ({
  page,
}) => {
  const name = `Greet and tell ${Date.now()}`;
  await newWorkflow(page, name);
  await page.getByRole('button', { name: 'Add input' }).click();
  await page
    .getByRole('group', { name: 'Input 1' })
    .getByRole('textbox', { name: /Input name/ })
    .fill('who');

  await addStep(page, 'Wait');
  await step(page, 1)
    .getByRole('spinbutton', { name: /Seconds/ })
    .fill('1');
  await addStep(page, 'Notify');
  await step(page, 2).getByRole('textbox', { name: /^To/ }).fill('data-engineering');
  await step(page, 2)
    .getByRole('textbox', { name: /^Message/ })
    .fill('Hello ${input.who}');
  await expect(page.getByRole('textbox', { name: 'Definition as JSON' })).toContainText(
    '"notify1"',
  );
  await shot(page, 'workflows-editor');

  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Created “${name}”`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Run the workflow' });
  await form.getByRole('textbox', { name: 'who' }).fill('Ada');
  await form.getByRole('button', { name: 'Run' }).click();

  await expect(page).toHaveURL(/\/workflows\/runs\//);
  const log = page.getByRole('log', { name: 'Run log' });
  await expect(log).toContainText('[wait1]');
  await expect(status(page)).toHaveText('Run status: COMPLETED', { timeout: 30_000 });
  await expect(log).toContainText('[notify1]');
  await expect(page.getByRole('listitem', { name: 'Notify: COMPLETED' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  await shot(page, 'workflows-run');
  await expectAccessibleInBothThemes(page, 'run page');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name }).click();
  await expect(page.getByRole('table', { name: 'Runs' }).getByText('Completed')).toBeVisible();
  await shot(page, 'workflows-workflow');
  await expectAccessibleInBothThemes(page, 'workflow page');

  // Axe reloads the page for the dark theme: on a saved workflow's editor nothing is lost.
  await page.getByRole('main').getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'workflow editor');

  await page.goto(`/workflows?q=${encodeURIComponent(name)}`);
  const row = page
    .getByRole('table', { name: 'Workflows' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Completed');
  await page.goto('/workflows');
  await expect(page.getByRole('table', { name: 'Workflows' })).toBeVisible();
  await shot(page, 'workflows-list');
  await expectAccessibleInBothThemes(page, 'workflows list');
});

test('a failing step ends the run FAILED with its reason', async ({ page }) => {
  const name = `Always fails ${Date.now()}`;
  await newWorkflow(page, name);
  await addStep(page, 'Fail when');
  await step(page, 1)
    .getByRole('textbox', { name: /^Message/ })
    .fill('The order is too large');
  await createAndRun(page, name);
  await expect(status(page)).toHaveText('Run status: FAILED', { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'The run failed' })).toContainText(
    'The order is too large',
  );
  await expect(page.getByRole('log', { name: 'Run log' })).toContainText('The order is too large');
});

test('cancel a running wait', async ({ page }) => {
  const name = `Long wait ${Date.now()}`;
  await newWorkflow(page, name);
  await addStep(page, 'Wait');
  await step(page, 1)
    .getByRole('spinbutton', { name: /Seconds/ })
    .fill('120');
  await addStep(page, 'Notify');
  await step(page, 2).getByRole('textbox', { name: /^To/ }).fill('nobody');
  await step(page, 2)
    .getByRole('textbox', { name: /^Message/ })
    .fill('never sent');
  await createAndRun(page, name);
  await expect(status(page)).toHaveText('Run status: IN_PROGRESS', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Cancel run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this run?' });
  await dialog.getByRole('button', { name: 'Cancel run' }).click();
  await expect(status(page)).toHaveText('Run status: CANCELED', { timeout: 30_000 });
  await expect(
    page.getByRole('listitem', { name: /^Notify: (SKIPPED|CANCELED|PENDING)/ }),
  ).toBeVisible();
});

test('a console whose access token belongs to a user without the Workflow API grant says what to do', async ({
  page,
}) => {
  const CHLOE_EDITOR = 3; // an Editor: her role holds no Workflow API grant
  const chloe = await startUserConsole(CHLOE_EDITOR, { withAccessToken: true });
  try {
    await page.goto(`${chloe.baseURL}/workflows`);
    const refusal = page.getByRole('alert').filter({ hasText: 'No permission to use workflows' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('Workflow API');
    await expect(refusal).toContainText('given through a role');
    await refusal.getByRole('link', { name: 'roles and their grants' }).click();
    await expect(page).toHaveURL(/\/security/);
  } finally {
    await chloe.close();
  }
});
