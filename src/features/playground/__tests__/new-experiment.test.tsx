import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreateExperimentBody } from '../../../api/contract';
import { aDataset } from '../../../test/data';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { initialDraft } from '../lib/draft';
import { SAVED_PROMPTS_KEY } from '../lib/saved-prompts';

const models = [
  {
    id: 'local.template-echo',
    name: 'Template echo (built in)',
    default: true,
    provider: 'built-in',
  },
];

function givenPlatform(onCreate: (body: CreateExperimentBody) => Response) {
  const estimated: CreateExperimentBody[] = [];
  localStorage.setItem(
    SAVED_PROMPTS_KEY,
    JSON.stringify([
      {
        name: 'Regional summary',
        savedAt: '2026-12-01T10:00:00.000Z',
        draft: { ...initialDraft, template: 'Report ${product} sales in ${region}.' },
        versions: [],
      },
    ]),
  );
  server.use(
    http.get('/api/ai/v1/settings/services/generation/models', () => HttpResponse.json(models)),
    http.get('/api/data/v3/datasources', () =>
      HttpResponse.json([aDataset({ id: 'ds-sales', name: 'Sales by region', rowCount: 2000 })]),
    ),
    http.get('/api/query/v1/datasources/ds-sales/schema/indexed', () =>
      HttpResponse.json({
        name: 'Sales by region',
        dataSourceId: 'ds-sales',
        tables: [
          {
            columns: ['orderDate', 'region', 'product'].map((name, order) => ({
              name,
              id: name,
              type: 'STRING',
              visible: true,
              order,
            })),
          },
        ],
      }),
    ),
    http.post('/api/ai/v1/experiments/estimate', async ({ request }) => {
      const body = (await request.json()) as CreateExperimentBody;
      estimated.push(body);
      return HttpResponse.json({
        cases: body.cases.limit ?? 0,
        calls: (body.cases.limit ?? 0) * body.variants.length,
        judgeCalls: 0,
        inputTokens: 1234,
        maxOutputTokens: 5678,
      });
    }),
    http.post('/api/ai/v1/experiments', async ({ request }) =>
      onCreate((await request.json()) as CreateExperimentBody),
    ),
  );
  return { estimated };
}

describe('/playground/experiments/new', { timeout: 60_000 }, () => {
  it('maps placeholders named like columns, estimates the run, and shows the platform’s 400', async () => {
    const { estimated } = givenPlatform(() =>
      HttpResponse.json({ message: 'cases: at most 1,000 rows' }, { status: 400 }),
    );
    renderApp('/playground/experiments/new');
    const user = userEvent.setup();

    await user.type(
      await screen.findByRole('textbox', { name: 'Experiment name' }, { timeout: 30_000 }),
      'Regional wording',
    );
    // The only prompt is chosen already; its template is shown.
    expect(screen.getByLabelText('Template')).toHaveTextContent(
      'Report ${product} sales in ${region}.',
    );
    await user.type(screen.getByRole('combobox', { name: 'Dataset' }), 'Sales');
    await user.click(await screen.findByRole('option', { name: 'Sales by region' }));
    await user.clear(screen.getByRole('textbox', { name: 'Rows' }));
    await user.type(screen.getByRole('textbox', { name: 'Rows' }), '6');

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: '${product}' })).toHaveTextContent('product'),
    );
    expect(screen.getByRole('combobox', { name: '${region}' })).toHaveTextContent('region');

    const run = screen.getByRole('group', { name: 'Run the experiment' });
    expect(await within(run).findByText(/6 cases · /)).toBeVisible();
    expect(run).toHaveTextContent('6 calls');
    expect(run).toHaveTextContent('1,234 prompt tokens · at most 5,678 output tokens');
    expect(estimated.at(-1)).toMatchObject({
      name: 'Regional wording',
      promptName: 'Regional summary',
      cases: { datasetId: 'ds-sales', offset: 0, limit: 6 },
      mapping: { product: 'product', region: 'region' },
      variants: [{ model: 'local.template-echo', promptVersion: 'v1' }],
    });

    await user.click(screen.getByRole('button', { name: 'Run experiment' }));
    expect(await screen.findByText('The experiment was not started')).toBeVisible();
    expect(screen.getByText(/cases: at most 1,000 rows/)).toBeVisible();
  });

  it('marks the fields to fix next to them, and sends nothing', async () => {
    let created = false;
    givenPlatform(() => {
      created = true;
      return HttpResponse.json({});
    });
    renderApp('/playground/experiments/new');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Run experiment' }, { timeout: 30_000 }),
    );
    expect(await screen.findByText('Give the experiment a name')).toBeVisible();
    expect(screen.getByText('Pick a dataset')).toBeVisible();
    expect(screen.getByText('Not started: fix the fields marked above first.')).toBeVisible();
    expect(created).toBe(false);
  });
});
