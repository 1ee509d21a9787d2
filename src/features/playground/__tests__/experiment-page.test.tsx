import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { anExperiment, someCases } from './experiments-data';

const base = '/api/ai/v1/experiments';

// The experiments' pages are a lazy chunk: their first import is slow on a busy machine.
describe('/playground/experiments/:id', { timeout: 60_000 }, () => {
  it('shows progress, the summary and the matrix; a failed cell runs again alone', async () => {
    const ran: string[] = [];
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${base}/exp-1`, () => HttpResponse.json(anExperiment())),
      http.get(`${base}/exp-1/results`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ total: 2, offset: 0, cases: someCases });
      }),
      http.post(`${base}/exp-1/cells/:caseIndex/:variant/run`, ({ params }) => {
        ran.push(`${String(params.caseIndex)}/${String(params.variant)}`);
        return HttpResponse.json(anExperiment());
      }),
    );
    renderApp('/playground/experiments/exp-1');
    const user = userEvent.setup();

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Regional wording' },
        { timeout: 30_000 },
      ),
    ).toBeVisible();
    expect(screen.getByText(/^3 of 4 cells done · 1 failed/)).toBeVisible();
    const summary = screen.getByRole('table', { name: 'Summary per variant' });
    expect(
      within(summary).getByRole('columnheader', { name: 'Mean: Contains expected' }),
    ).toBeVisible();
    expect(within(summary).getByText('50%')).toBeVisible();

    const matrix = await screen.findByRole('table', { name: 'Results' });
    expect(
      within(matrix).getByRole('columnheader', { name: 'B · local.template-echo · v1' }),
    ).toBeVisible();
    expect(within(matrix).getByText('Report Widgets in North.')).toBeVisible();
    expect(within(matrix).getAllByText('Contains expected: 1.00')).toHaveLength(3);
    expect(within(matrix).getByText(/the provider answered 429 three times/)).toBeVisible();
    expect(asked[0]?.get('variant')).toBe('0');
    expect(asked[0]?.get('limit')).toBe('20');

    await user.click(screen.getByRole('button', { name: 'Run again: case 2, variant B' }));
    await waitFor(() => expect(ran).toEqual(['1/1']));

    // Nothing runs: no Cancel; the CSV is a plain link.
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${base}/exp-1/results.csv`,
    );
  });

  it('asks before cancelling a run, then shows it cancelled', async () => {
    let cancelled = false;
    server.use(
      http.get(`${base}/exp-1`, () =>
        HttpResponse.json(
          cancelled
            ? anExperiment({ state: 'CANCELLED' })
            : anExperiment({
                state: 'RUNNING',
                progress: { total: 4, done: 1, failed: 0, cancelled: 0 },
              }),
        ),
      ),
      http.get(`${base}/exp-1/results`, () =>
        HttpResponse.json({ total: 2, offset: 0, cases: someCases }),
      ),
      http.post(`${base}/exp-1/cancel`, () => {
        cancelled = true;
        return HttpResponse.json(anExperiment({ state: 'CANCELLED' }));
      }),
    );
    renderApp('/playground/experiments/exp-1');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel run' }, { timeout: 30_000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this run?' });
    expect(cancelled).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelled).toBe(true);
    expect(await screen.findByText('Cancelled')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
  });

  it('says why the experiment cannot be read, with its status', async () => {
    server.use(
      http.get(`${base}/exp-404`, () =>
        HttpResponse.json({ message: 'No experiment exp-404' }, { status: 404 }),
      ),
    );
    renderApp('/playground/experiments/exp-404');
    expect(
      await screen.findByText(/No experiment exp-404/, undefined, { timeout: 30_000 }),
    ).toBeVisible();
  });
});
