import type { Page } from '@playwright/test';
import { typeInto } from './code-editor';
import {
  expectAccessible,
  expectAccessibleInBothThemes,
  expectNoSeriousA11y,
  useColorMode,
} from './axe';
import { expect, test } from './fixtures';

// The built-in model (local.template-echo) answers with the prompt it was sent, so every answer
// below is known in advance. Sample data: session "sample-weekly-summary" has two runs.

async function openPlayground(page: Page, search = '') {
  await page.goto(`/playground${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt playground' })).toBeVisible();
}

const template = (page: Page) => page.getByRole('textbox', { name: 'Prompt template' });

async function writeTemplate(page: Page, text: string) {
  await typeInto(template(page), text);
  await expect(template(page)).toHaveText(text);
}

test('write a template with two parameters, fill them, run, and read the prompt sent and its usage', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Prompt playground' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt playground' })).toBeVisible();
  await expect(page).toHaveURL(/session=playground-/);

  await writeTemplate(page, 'Dear ${person}, about ${topic}: ${input}');
  await page.getByRole('textbox', { name: 'person' }).fill('Ada');
  await page.getByRole('textbox', { name: 'topic' }).fill('the Q3 numbers');
  await page.getByRole('textbox', { name: 'Input' }).fill('sales rose 12 %.');
  await expect(page.getByRole('combobox', { name: 'Model' })).toContainText(
    'Default (Template echo',
  );
  await expect(page.getByText(/Built in, not a language model/)).toBeVisible();

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const answer = page.getByRole('region', { name: 'Output' });
  await expect(answer).toHaveText('Dear Ada, about the Q3 numbers: sales rose 12 %.');
  // The latency is the whole answer's: the built-in model streams, which takes it near a second.
  await expect(
    page.getByText(/\d+ in · \d+ out · \d+ tokens · (\d+ ms|\d+(\.\d)? s)$/),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Prompt sent' }).click();
  await expect(page.getByLabel('Formatted prompt')).toHaveText(
    'Dear Ada, about the Q3 numbers: sales rose 12 %.',
  );
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(
    page.getByRole('definition').filter({ hasText: 'local.template-echo' }),
  ).toBeVisible();

  // Ctrl+Enter runs again; the history of the session has both runs.
  await page.getByRole('textbox', { name: 'topic' }).fill('Q4');
  await page.getByRole('textbox', { name: 'topic' }).press('Control+Enter');
  await page.getByRole('tab', { name: 'Output' }).click();
  await expect(page.getByRole('region', { name: 'Output' })).toHaveText(
    'Dear Ada, about Q4: sales rose 12 %.',
  );
  await expect(page.getByRole('button', { name: /^Restore run \d$/ })).toHaveCount(2);
  await page.screenshot({ path: 'test-results/playground.png', fullPage: true });

  await expectAccessibleInBothThemes(page, 'prompt playground');
});

test('an unfilled placeholder is caught before anything is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/ai/v1/text/generation') && request.method() === 'POST')
      sent.push(request.url());
  });
  await openPlayground(page);
  await writeTemplate(page, 'To ${audience}, in ${tone} words: ${input}');
  await page.getByRole('textbox', { name: 'audience' }).fill('the board');
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(page.getByText('${tone} is in the template: give it a value')).toBeVisible();
  await expect(page.getByText('Not sent: fix the fields marked above first.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'tone' })).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  await page.getByRole('textbox', { name: 'tone' }).fill('kind');
  await expect(page.getByText('Not sent: fix the fields marked above first.')).toBeHidden();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Output' })).toHaveText(
    /^To the board, in kind words: /,
  );
  expect(sent).toHaveLength(1);
});

test('compare two variants side by side, with the difference marked', async ({ page }) => {
  await openPlayground(page, '?view=compare');
  await page.getByRole('textbox', { name: 'Input' }).fill('the North grew');
  await writeTemplate(page, 'Short: ${input}');
  await page.getByRole('button', { name: 'Add the current prompt as a variant' }).click();
  await writeTemplate(page, 'Longer version: ${input}, said ${who}');
  await page.getByRole('textbox', { name: 'who' }).fill('Ben');
  await page.getByRole('button', { name: 'Add the current prompt as a variant' }).click();

  await page.getByRole('button', { name: 'Run all on the current input' }).click();
  const a = page.getByRole('region', { name: 'Variant A output' });
  const b = page.getByRole('region', { name: 'Variant B output' });
  await expect(a).toContainText('Short: the North grew');
  await expect(b).toContainText('Longer version: the North grew, said Ben');
  await expect(b.locator('ins').first()).toBeVisible();
  await expect(b.locator('del').first()).toHaveText(/Short/);
});

test('restore a run of the sample session into the editor', async ({ page }) => {
  await openPlayground(page, '?session=sample-weekly-summary');
  await page.getByRole('button', { name: 'Restore run 1' }).click();
  await expect(template(page).locator('.cm-line')).toHaveText([
    'Summarise for ${audience} in ${words} words:',
    '',
    '${input}',
  ]);
  await expect(page.getByRole('textbox', { name: 'audience' })).toHaveValue('the sales leads');
  await expect(page.getByRole('textbox', { name: 'words' })).toHaveValue('30');

  // The session's history leaves as a JSON file and comes back as an imported list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export history' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('sample-weekly-summary.history.json');
  const file = await download.path();
  await page.getByLabel('History file to import').setInputFiles(file);
  await expect(
    page.getByRole('heading', {
      name: /Imported from a file: session sample-weekly-summary, 2 runs/,
    }),
  ).toBeVisible();
  await page.getByLabel('History file to import').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"kind":"something else"}'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'notes.json: Not an exported history' }),
  ).toBeVisible();
  await expectNoSeriousA11y(page, 'playground history with an import refused');

  await page.getByRole('tab', { name: 'Saved prompts' }).click();
  await expect(page).toHaveURL(/view=saved/);
  await page.getByRole('button', { name: 'Save the current prompt' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Weekly summary');
  await expectNoSeriousA11y(page, 'save prompt dialog', '[role="dialog"]');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Prompt “Weekly summary” saved in this browser')).toBeVisible();
  await expectNoSeriousA11y(page, 'playground with the prompt-saved notice');
  await page.reload();
  await writeTemplate(page, 'Something else: ${input}');
  await page.getByRole('button', { name: /^Weekly summary/ }).click();
  await expect(page.getByText('Prompt “Weekly summary” loaded into the editor')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'words' })).toHaveValue('30');
  await expect(
    page.getByRole('button', { name: 'Delete the saved prompt Weekly summary' }),
  ).toBeVisible();
});

test('a new session asks nothing that fails; Run and the answer share the screen; runs keep their settings and two compare; saved prompts keep versions', async ({
  page,
}) => {
  test.slow(); // a long journey: two runs, a comparison in both themes, saved versions
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPlayground(page);
  await expect(page.getByText('No run in this session yet')).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByText('No run in this session yet')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);

  // Run and the answer are both in the window, without scrolling.
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('heading', { name: 'Answer', exact: true })).toBeInViewport();

  await writeTemplate(page, 'Say ${input}');
  await page.getByRole('textbox', { name: 'Input' }).fill('hello');
  await run.click();
  const output = page.getByRole('region', { name: 'Output' });
  await expect(output).toHaveText('Say hello');
  await expect(run).toBeInViewport({ ratio: 1 });
  await expect(output).toBeInViewport();
  await page.getByRole('textbox', { name: 'Temperature' }).fill('0.7');
  await page.getByRole('textbox', { name: 'Max tokens' }).fill('256');
  await writeTemplate(page, 'Please say ${input}');
  await run.click();
  await expect(output).toHaveText('Please say hello');
  expect(failed).toEqual([]);

  // Each run of the history shows its model and parameters; two of them compare.
  const history = page.getByRole('tabpanel');
  await expect(
    history.getByText('temperature 0.7 · max tokens 256 · effort default'),
  ).toBeVisible();
  await expect(
    history.getByText('temperature default · max tokens default · effort default'),
  ).toBeVisible();
  await history.getByRole('checkbox', { name: 'Compare run 1' }).check();
  await history.getByRole('checkbox', { name: 'Compare run 2' }).check();
  const compared = page.getByRole('region', { name: 'Run 1 and Run 2 compared' });
  const settings = compared.getByRole('table', { name: 'Settings compared' });
  await expect(
    settings.getByRole('row', { name: /Temperature \(differs\) default 0.7/ }),
  ).toBeVisible();
  await expect(settings.getByRole('row', { name: /^Model local.template-echo/ })).toBeVisible();
  await expect(compared.getByRole('region', { name: 'Run 2 answer' }).locator('ins')).toHaveText(
    /Please/,
  );
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => window.localStorage.setItem('platform-console.theme', m), mode);
    await page.reload();
    await history.getByRole('checkbox', { name: 'Compare run 1' }).check();
    await history.getByRole('checkbox', { name: 'Compare run 2' }).check();
    await expect(compared.locator('ins')).not.toHaveCount(0);
    await expectAccessible(page, `playground history compared (${mode})`);
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/playground-${mode}-${width}.png` });
    }
  }

  // Saving a name again keeps the earlier version, which loads back.
  await page.getByRole('tab', { name: 'Saved prompts' }).click();
  const saveAs = async (name: string) => {
    await page.getByRole('button', { name: 'Save the current prompt' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  };
  await writeTemplate(page, 'Please say ${input}');
  await saveAs('Greeting');
  await writeTemplate(page, 'Kindly say ${input}');
  await saveAs('Greeting');
  await expect(page.getByRole('button', { name: /^Greeting/ })).toContainText('Version 2');
  await page.getByRole('button', { name: '1 earlier version of Greeting' }).click();
  await page.getByRole('button', { name: 'Load version 1 of Greeting' }).click();
  await expect(
    page.getByText('Prompt “Greeting”, version 1, loaded into the editor'),
  ).toBeVisible();
  await expect(template(page)).toHaveText('Please say ${input}');
  await expectAccessibleInBothThemes(page, 'playground saved prompt versions');
});

/** Records each text the streamed answer shows, as the page draws it (the caret left out). */
async function recordAnswerTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { answerTexts: string[] }).answerTexts = seen;
    new MutationObserver(() => {
      const region = document.querySelector('[role="region"][aria-label="Answer so far"]');
      const text = region?.textContent?.replace('▍', '');
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test('the answer streams in through the gateway as the model writes it; Stop keeps what arrived', async ({
  page,
}) => {
  test.slow(); // two themes, two runs each
  await page.setViewportSize({ width: 1440, height: 900 });
  const words = Array.from({ length: 64 }, (_, i) => `word${i + 1}`).join(' ');
  const full = `Echo: ${words}`;
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const sofar = page.getByRole('region', { name: 'Answer so far' });
  const status = page.getByRole('status', { name: 'Run status' });
  for (const mode of ['light', 'dark'] as const) {
    await useColorMode(page, mode);
    await openPlayground(page);
    await recordAnswerTexts(page);
    await writeTemplate(page, 'Echo: ${input}');
    await page.getByRole('textbox', { name: 'Input' }).fill(words);

    await run.click();
    await expect(sofar).toBeVisible();
    await page.screenshot({ path: `test-results/playground-streaming-${mode}-1440.png` });
    await expect(page.getByRole('region', { name: 'Output' })).toHaveText(full);
    await expect(status).toHaveText('The answer is complete');
    // The page showed the answer growing: parts of it, each the start of the whole, before it.
    const seen = await page.evaluate(
      () => (window as unknown as { answerTexts: string[] }).answerTexts,
    );
    const partial = seen.filter((text) => text !== full);
    expect(partial.length, `texts seen: ${JSON.stringify(seen)}`).toBeGreaterThan(1);
    for (const text of partial) expect(full.startsWith(text), text).toBe(true);
    await page.screenshot({ path: `test-results/playground-streamed-${mode}-1440.png` });
    await expectAccessible(page, `playground streamed answer (${mode})`);

    // Stop while it streams: what arrived stays, marked stopped.
    await run.click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    // The user presses Stop as soon as the first words show (the whole answer takes about a
    // second: a round trip per step from here could come too late on a busy machine).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const stopOnFirstWords = () => {
            if (!document.querySelector('[role="region"][aria-label="Answer so far"]'))
              return false;
            [...document.querySelectorAll('button')].find((b) => b.textContent === 'Stop')?.click();
            resolve();
            return true;
          };
          if (stopOnFirstWords()) return;
          new MutationObserver((_records, observer) => {
            if (stopOnFirstWords()) observer.disconnect();
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        }),
    );
    const stopped = page.getByRole('region', { name: 'Output (stopped)' });
    await expect(stopped).toBeVisible();
    const kept = (await stopped.textContent()) ?? '';
    expect(kept.length).toBeGreaterThan(0);
    expect(full.startsWith(kept), kept).toBe(true);
    await expect(page.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(status).toHaveText('Stopped: the answer so far is kept');
    await expect(run).toBeEnabled();
    await page.screenshot({ path: `test-results/playground-stopped-${mode}-1440.png` });
    await expectAccessible(page, `playground stopped answer (${mode})`);
  }
});
