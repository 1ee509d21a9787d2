import type { Page } from '@playwright/test';
import {
  expectAccessible,
  expectAccessibleInBothThemes,
  expectNoSeriousA11y,
  useColorMode,
} from './axe';
import { startUserConsole } from './as-user';
import { expect, test } from './fixtures';

/**
 * The workflows console on the embedded platform: a workflow made in the step editor
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

/**
 * A new workflow's draft: `input` (when named), a Wait of `seconds`, then a Notify of `message` to
 * `to` (by default, a greeting of the input to data-engineering).
 */
async function draftWaitThenNotify(
  page: Page,
  name: string,
  {
    input,
    seconds,
    to = 'data-engineering',
    message = 'Hello ${input.who}',
  }: { input?: string; seconds: number; to?: string; message?: string },
) {
  await newWorkflow(page, name);
  if (input) {
    await page.getByRole('button', { name: 'Add input' }).click();
    await page
      .getByRole('group', { name: 'Input 1' })
      .getByRole('textbox', { name: /Input name/ })
      .fill(input);
  }
  await addStep(page, 'Wait');
  await step(page, 1)
    .getByRole('spinbutton', { name: /Seconds/ })
    .fill(String(seconds));
  await addStep(page, 'Notify');
  await step(page, 2).getByRole('textbox', { name: /^To/ }).fill(to);
  await step(page, 2)
    .getByRole('textbox', { name: /^Message/ })
    .fill(message);
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
  await draftWaitThenNotify(page, name, { input: 'who', seconds: 1 });
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
  await expectNoSeriousA11y(page, 'run page with a failed run');
});

test('cancel a running wait', async ({ page }) => {
  const name = `Long wait ${Date.now()}`;
  await draftWaitThenNotify(page, name, { seconds: 120, to: 'nobody', message: 'never sent' });
  await createAndRun(page, name);
  await expect(status(page)).toHaveText('Run status: IN_PROGRESS', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Cancel run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this run?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11y(page, 'cancel run dialog', '[role="dialog"]');
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
    await expectNoSeriousA11y(page, 'workflows refused without the grant');
    await refusal.getByRole('link', { name: 'roles and their grants' }).click();
    await expect(page).toHaveURL(/\/security/);
  } finally {
    await chloe.close();
  }
});

/** No sideways scroll at two common laptop window sizes. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(size);
    await shot(page, `${screen}-${size.width}`);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    if (process.env.E2E_DEBUG_WIDE && scroll > client)
      console.log(
        await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter(
              (el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
            )
            .slice(0, 12)
            .map(
              (el) =>
                `${el.tagName}.${el.className.toString().slice(0, 80)} role=${el.getAttribute('role')} w=${Math.round(el.getBoundingClientRect().width)} r=${Math.round(el.getBoundingClientRect().right)}`,
            )
            .join('\n'),
        ),
      );
    expect(scroll, `${screen} at ${size.width}×${size.height}`).toBeLessThanOrEqual(client);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the run page shows what each step received and produced, live and without sideways scroll', async ({
  page,
}) => {
  const name = `Step record ${Date.now()}`;
  await draftWaitThenNotify(page, name, { input: 'who', seconds: 2 });
  await expectNoSidewaysScroll(page, 'workflows-editor');
  await page.setViewportSize({ width: 1280, height: 720 });
  const type = page.getByRole('group', { name: 'Input 1' }).getByRole('combobox', { name: 'Type' });
  expect(await type.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(type).toHaveText('string');
  // Every label of the input's row keeps its words (not "Input n…").
  const labels = page.getByRole('group', { name: 'Input 1' }).locator('label');
  expect(
    await labels.evaluateAll((all) =>
      all.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
    ),
  ).toEqual([]);
  await page.getByRole('group', { name: 'Input 1' }).scrollIntoViewIfNeeded();
  if (shots) await page.screenshot({ path: `${shots}/workflows-inputs-1280.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const form = page.getByRole('form', { name: 'Run the workflow' });
  await form.getByRole('textbox', { name: 'who' }).fill('Ada');
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(page).toHaveURL(/\/workflows\/runs\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Run #1' })).toBeVisible();

  // The moment the log says the wait started, the header and the step say so too.
  const seen = await page.waitForFunction(() => {
    const log = document.querySelector('[role="log"]');
    if (!log?.textContent?.includes('Step wait1 started')) return null;
    const steps = [...document.querySelectorAll('[aria-label="Steps of the run"] > li')];
    const status = document.querySelector('[role="status"]')?.textContent;
    return { steps: steps.map((li) => li.getAttribute('aria-label')), status };
  });
  const live = await seen.jsonValue();
  expect(live!.status).not.toBe('Run status: QUEUED');
  expect(live!.steps[0]).toMatch(/^Wait: (IN_PROGRESS|COMPLETED)$/);

  await expect(status(page)).toHaveText('Run status: COMPLETED', { timeout: 30_000 });
  const log = page.getByRole('log', { name: 'Run log' });
  await expect(log).toContainText('Sent email notification to data-engineering');
  await expect(log).toContainText('Hello Ada');
  // Lines about the run carry no step; no step id is cut.
  await expect(log).toContainText('Run started');
  await expect(log).not.toContainText(/\]Run (queued|started|completed)/);
  const cut = await log
    .locator('[title]')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).length);
  expect(cut).toBe(0);

  // One duration per step: the card says what the log says.
  const waitItem = page.getByRole('listitem', { name: 'Wait: COMPLETED' });
  const took = (await waitItem.getByText(/^Wait ·/).textContent())!.split(' · ').at(-1)!;
  expect(took).toMatch(/^[\d.]+ (ms|s)$/);
  await expect(log).toContainText(`Step wait1 completed in ${took}`);

  const notify = page.getByRole('listitem', { name: 'Notify: COMPLETED' });
  await notify
    .getByRole('button', { name: 'Details of Notify: what it received and produced' })
    .click();
  await expect(notify.getByLabel('Input of Notify')).toContainText('"message": "Hello Ada"');
  await expect(notify.getByLabel('Output of Notify')).toContainText('"to": "data-engineering"');
  await expect(notify.getByRole('list', { name: 'Log of Notify' })).toContainText(
    'Sent email notification to data-engineering',
  );
  await expectNoSidewaysScroll(page, 'workflows-run-details');
  await expectAccessibleInBothThemes(page, 'run page with step details');
});

test('a step that reads a collection or a dataset offers them by name', async ({ page }) => {
  await newWorkflow(page, `Pickers ${Date.now()}`);
  await addStep(page, 'Query documents');
  const collection = step(page, 1).getByRole('combobox', { name: /^Collection/ });
  await collection.fill('ord');
  await page.getByRole('option', { name: 'orders', exact: true }).click();
  await expect(collection).toHaveValue('orders');
  const id = (await step(page, 1)
    .getByText(/^id [0-9a-f-]{36}$/)
    .textContent())!.slice(3);
  await expect(page.getByRole('textbox', { name: 'Definition as JSON' })).toContainText(
    `"collectionId": "${id}"`,
  );
  // A reference is typed as it is.
  await addStep(page, 'Export a dataset');
  const dataset = step(page, 2).getByRole('combobox', { name: /^Dataset/ });
  await dataset.fill('${input.datasetId}');
  await expect(page.getByRole('textbox', { name: 'Definition as JSON' })).toContainText(
    '"datasetId": "${input.datasetId}"',
  );
  await dataset.fill('');
  await dataset.pressSequentially('Sa');
  await expect(page.getByRole('listbox')).toBeVisible();
  await shot(page, 'workflows-picker');
  await expectAccessibleInBothThemes(page, 'workflow editor with pickers');
});

test('a contained button under the pointer keeps its contrast in the dark theme', async ({
  page,
}) => {
  await useColorMode(page, 'dark');
  await newWorkflow(page, `Dark ${Date.now()}`);
  const create = page.getByRole('button', { name: 'Create workflow' });
  const resting = await create.evaluate((el) => getComputedStyle(el).backgroundColor);
  await create.hover();
  // The hover colour has faded in (MUI's background transition) before axe reads it.
  await expect
    .poll(() => create.evaluate((el) => getComputedStyle(el).backgroundColor))
    .not.toBe(resting);
  await page.waitForTimeout(300);
  await expectAccessible(page, 'workflow editor (dark, pointer on Create workflow)');
});
