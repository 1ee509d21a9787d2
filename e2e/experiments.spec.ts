import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible, expectNoSeriousA11y } from './axe';
import { startConsole } from './consoles';
import { expect, test } from './fixtures';

// The built-in model (local.template-echo) answers with the prompt it was sent, so each answer is
// the template filled with the case's columns, and the scorers' results are known in advance.
// "Sales by region" (sample data) has the columns orderDate, region, product, channel, units,
// revenue: the saved prompt's placeholders are named like two of them.

const draft = (template: string) => ({
  template,
  input: '',
  system: '',
  parameters: {},
  model: '',
  temperature: '',
  maxTokens: '',
  responseKind: 'text',
  schema: '{}',
  reasoningEffort: '',
});

/** "Regional summary", saved twice in this browser: v2 is the latest, v1 the first. */
async function givenSavedPrompt(page: Page) {
  const saved = [
    {
      name: 'Regional summary',
      savedAt: '2026-12-01T10:00:00.000Z',
      draft: draft('Report ${product} sales in ${region}.'),
      versions: [
        { savedAt: '2026-11-30T10:00:00.000Z', draft: draft('Sales of ${product}, ${region}') },
      ],
    },
  ];
  await page.addInitScript((value) => {
    window.localStorage.setItem('platform-console.saved-prompts', value);
  }, JSON.stringify(saved));
}

/** Picks `option` of the select `field`, in `within` (a variant's or a scorer's group) if given. */
async function choose(
  page: Page,
  field: string,
  option: string | RegExp,
  within: Page | Locator = page,
) {
  await within.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

async function pickDataset(page: Page, name: string) {
  const field = page.getByRole('combobox', { name: 'Dataset' });
  await field.fill(name.slice(0, 5));
  await page.getByRole('option', { name }).click();
  await expect(field).toHaveValue(name);
}

async function openNewExperiment(page: Page) {
  await page.goto('/playground');
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt playground' })).toBeVisible();
  await page.getByRole('link', { name: 'Experiments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt experiments' })).toBeVisible();
  await page.getByRole('link', { name: 'New experiment' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New experiment' })).toBeVisible();
}

test('set up two variants and two scorers, watch it run, read the matrix, diff a case, save the results as a dataset', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await givenSavedPrompt(page);
  await openNewExperiment(page);

  await page.getByRole('textbox', { name: 'Experiment name' }).fill('Regional wording');
  await choose(page, 'Prompt', /^Regional summary/);
  await expect(page.getByLabel('Template')).toHaveText('Report ${product} sales in ${region}.');
  await pickDataset(page, 'Sales by region');
  await page.getByRole('textbox', { name: 'Rows' }).fill('6');

  // Both placeholders are named like a column: mapped already.
  await expect(page.getByRole('combobox', { name: '${product}' })).toHaveText('product');
  await expect(page.getByRole('combobox', { name: '${region}' })).toHaveText('region');
  await choose(page, 'Expected answer (optional)', 'region');

  await page.getByRole('button', { name: 'Add a variant' }).click();
  const variantB = page.getByRole('group', { name: 'Variant B' });
  await choose(page, 'Prompt version', 'v1', variantB);
  await expect(variantB.getByRole('combobox', { name: 'Model' })).toContainText('Template echo');

  // A "contains" scorer with no text looks for the expected answer (the region).
  await page.getByRole('button', { name: 'Add a scorer' }).click();
  await expect(
    page.getByRole('group', { name: 'Scorer 1' }).getByRole('combobox', { name: 'Type' }),
  ).toHaveText('Contains');
  await page.getByRole('button', { name: 'Add a scorer' }).click();
  const scorer2 = page.getByRole('group', { name: 'Scorer 2' });
  await choose(page, 'Type', 'Length within bounds', scorer2);
  await scorer2.getByRole('textbox', { name: 'Least characters' }).fill('10');
  await scorer2.getByRole('textbox', { name: 'Most characters' }).fill('30');

  const estimate = page.getByRole('group', { name: 'Run the experiment' });
  await expect(estimate).toContainText('6 cases · 12 calls');
  await expect(estimate).toContainText(/prompt tokens · at most [\d,]+ output tokens/);
  await page.screenshot({ path: 'test-results/experiment-setup.png', fullPage: true });
  await expectAccessible(page, 'new experiment');

  await page.getByRole('button', { name: 'Run experiment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Regional wording' })).toBeVisible();
  await expect(page).toHaveURL(/\/playground\/experiments\/[^/]+$/);

  // Progress, read every second until it ends.
  await expect(page.getByText(/^12 of 12 cells done/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);

  const summary = page.getByRole('table', { name: 'Summary per variant' });
  await expect(summary.getByRole('row')).toHaveCount(3);
  await expect(summary).toContainText('Mean: Contains expected');
  await expect(
    summary.getByRole('rowheader', { name: /^A · local\.template-echo · v2$/ }),
  ).toBeVisible();

  const matrix = page.getByRole('table', { name: 'Results' });
  await expect(
    matrix.getByRole('columnheader', { name: 'B · local.template-echo · v1' }),
  ).toBeVisible();
  const firstCase = matrix.getByRole('row', { name: /^Case 1\b/ });
  await expect(firstCase).toContainText(/Report \S.* sales in \S.*\./);
  await expect(firstCase).toContainText(/Sales of \S.*, \S/);
  await expect(firstCase.getByText('Contains expected: 1.00')).toHaveCount(2);
  await expect(firstCase.getByText(/^Length 10–30: [01]\.00$/)).toHaveCount(2);
  await page.screenshot({ path: 'test-results/experiment-results.png', fullPage: true });
  // The README's picture (docs/experiments.png is copied from it): the window as a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/experiments-readme.png' });
  await expectNoSeriousA11y(page, 'experiment results');

  // Sorted and filtered by a score, in the URL.
  await choose(page, 'Score of', '1. Contains expected');
  await page.getByRole('textbox', { name: 'Least score' }).fill('1');
  await expect(page).toHaveURL(/scorer=0/);
  await expect(page).toHaveURL(/min=1/);
  await expect(matrix.getByRole('row')).toHaveCount(7);
  await page.getByRole('textbox', { name: 'Least score' }).fill('');
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(page).not.toHaveURL(/scorer=/);

  // The two variants' outputs of a case, as a diff.
  await firstCase.getByRole('button', { name: 'Compare outputs of case 1' }).click();
  const diff = page.getByRole('dialog', { name: 'Case 1: outputs compared' });
  await expect(diff).toBeVisible();
  await choose(page, 'From', /^A · /);
  await choose(page, 'To', /^B · /);
  const differences = diff.getByRole('region', { name: 'Differences' });
  await expect(differences.locator('ins').first()).toBeVisible();
  await expect(differences.locator('del').first()).toBeVisible();
  await expectNoSeriousA11y(page, 'case diff dialog', '[role="dialog"]');
  await diff.getByRole('button', { name: 'Close' }).click();
  await expect(diff).toBeHidden();

  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /\/api\/ai\/v1\/experiments\/[^/]+\/results\.csv$/,
  );

  // Saved as a new dataset, then opened.
  await page.getByRole('button', { name: 'Save as dataset' }).click();
  const save = page.getByRole('dialog', { name: 'Save the results as a dataset' });
  await save.getByRole('textbox', { name: 'Dataset name' }).fill('Regional wording results');
  await expectNoSeriousA11y(page, 'save as dataset dialog', '[role="dialog"]');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save.getByText(/Saved 6 rows as/)).toBeVisible();
  await save.getByRole('link', { name: 'Open the dataset' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Regional wording results' }),
  ).toBeVisible();

  // The list names it, its prompt, dataset, state and who ran it.
  await page.goto('/playground/experiments');
  const row = page.getByRole('row').filter({ hasText: 'Regional wording' });
  await expect(row).toContainText('Regional summary');
  await expect(row).toContainText('Sales by region');
  await expect(row).toContainText('Finished');
  await page.screenshot({ path: 'test-results/experiments-list.png', fullPage: true });
  await expectAccessible(page, 'experiments list');
});

/**
 * An OpenAI-compatible server whose one model, `slow-chat`, answers each call after `delayMs`:
 * a run on it lasts long enough to be cancelled while it runs.
 */
async function startSlowProvider(delayMs: number) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'slow',
            object: 'chat.completion',
            model: 'slow-chat',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: 'A slow answer.' },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 },
          }),
        );
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('cancel a larger run on a slow model: what finished is kept; two runs compared', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const provider = await startSlowProvider(250);
  const running = await startConsole({
    GENERATION_OPENAI_BASE_URL: provider.url,
    GENERATION_OPENAI_API_KEY: 'test-key',
    GENERATION_OPENAI_MODELS: 'slow-chat',
  });
  const at = (path: string) => `${running.baseURL}${path}`;
  try {
    await givenSavedPrompt(page);
    // A quick run on the built-in model first, through the API: the one to compare with.
    const [sales] = (await (
      await page.request.get(at('/api/data/v3/datasources?nameLike=Sales%20by%20region'))
    ).json()) as { id: string }[];
    const quick = await page.request.post(at('/api/ai/v1/experiments'), {
      data: {
        name: 'Quick run',
        promptName: 'Regional summary',
        cases: { datasetId: sales!.id, offset: 0, limit: 4 },
        mapping: { product: 'product', region: 'region' },
        expectedColumn: 'region',
        variants: [
          { model: 'local.template-echo', template: 'Report ${product} sales in ${region}.' },
        ],
        scorers: [{ type: 'contains' }],
      },
    });
    expect(quick.status()).toBe(201);

    await page.goto(at('/playground/experiments/new'));
    await expect(page.getByRole('heading', { level: 1, name: 'New experiment' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Experiment name' }).fill('Large run');
    await choose(page, 'Prompt', /^Regional summary/);
    await pickDataset(page, 'Sales by region');
    await page.getByRole('textbox', { name: 'Rows' }).fill('400');
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await choose(page, 'Model', /slow-chat/, page.getByRole('group', { name: 'Variant B' }));
    await page.getByRole('textbox', { name: 'Calls at once' }).fill('1');
    await expect(page.getByRole('group', { name: 'Run the experiment' })).toContainText(
      '400 cases · 800 calls',
    );
    await page.getByRole('button', { name: 'Run experiment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Large run' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Cells finished' })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel run' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this run?' });
    await expectNoSeriousA11y(page, 'cancel dialog', '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Cancel run' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^[\d,]+ of 800 cells done · [\d,]+ cancelled$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/experiment-cancelled.png', fullPage: true });

    // The two runs compared, case by case.
    await page.getByRole('link', { name: 'Experiments', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Large run' })).toContainText('Cancelled');
    await page.getByRole('checkbox', { name: 'Pick Large run to compare' }).check();
    await page.getByRole('checkbox', { name: 'Pick Quick run to compare' }).check();
    await page.getByRole('link', { name: 'Compare', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Compare experiments' }),
    ).toBeVisible();
    const cases = page.getByRole('table', { name: 'Cases of both experiments' });
    const first = cases.getByRole('row', { name: /^Case 1\b/ });
    await expect(first).toContainText(/Report \S.* sales in \S.*\./);
    await expect(first.getByText('Contains expected: 1.00')).toBeVisible();
    // The switch is the address's: it turns on once the URL says so.
    await page.getByRole('switch', { name: /^Mark what/ }).click();
    await expect(page.getByRole('switch', { name: /^Mark what/ })).toBeChecked();
    await expect(page).toHaveURL(/diff=true/);
    await page.screenshot({ path: 'test-results/experiments-compare.png', fullPage: true });
    await expectAccessible(page, 'compare experiments');
  } finally {
    await running.close();
    await provider.close();
  }
});
