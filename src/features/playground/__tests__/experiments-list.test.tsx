import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { anExperiment, someCases } from './experiments-data';

describe('/playground/experiments', { timeout: 60_000 }, () => {
  it('lists experiments by name, prompt, dataset and who ran them; two picked compare', async () => {
    server.use(
      http.get('/api/ai/v1/experiments', () =>
        HttpResponse.json([
          anExperiment(),
          anExperiment({ id: 'exp-2', name: 'Second try', state: 'FAILED', ownerName: 'Ben' }),
        ]),
      ),
      http.get('/api/ai/v1/experiments/:id', ({ params }) =>
        HttpResponse.json(
          params.id === 'exp-1'
            ? anExperiment()
            : anExperiment({ id: 'exp-2', name: 'Second try' }),
        ),
      ),
      http.get('/api/ai/v1/experiments/:id/results', () =>
        HttpResponse.json({ total: 2, offset: 0, cases: someCases }),
      ),
    );
    const { router } = renderApp('/playground/experiments');
    const user = userEvent.setup();
    const row = (
      await screen.findByRole('rowheader', { name: 'Regional wording' }, { timeout: 30_000 })
    ).closest('tr')!;
    expect(row).toHaveTextContent('Regional summary');
    expect(row).toHaveTextContent('Sales by region');
    expect(row).toHaveTextContent('Ada Admin');
    expect(row).toHaveTextContent('A 1.00 / 1.00B 0.50 / 1.00');

    const compare = screen.getByRole('button', { name: 'Compare' });
    expect(compare).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Pick Regional wording to compare' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pick Second try to compare' }));
    await user.click(screen.getByRole('link', { name: 'Compare' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/playground/experiments/compare'),
    );
    expect(router.state.location.search).toBe('?a=exp-1&b=exp-2');
    const cases = await screen.findByRole('table', { name: 'Cases of both experiments' });
    expect(within(cases).getByRole('columnheader', { name: /^Second try/ })).toBeVisible();
    expect(within(cases).getAllByText('Report Widgets in North.')).toHaveLength(2);
  });

  it('filters by state in the URL and says when nothing matches', async () => {
    server.use(http.get('/api/ai/v1/experiments', () => HttpResponse.json([anExperiment()])));
    renderApp('/playground/experiments?state=RUNNING');
    expect(
      await screen.findByText('No experiment matches', undefined, { timeout: 30_000 }),
    ).toBeVisible();
  });

  it('invites to set one up when there is none', async () => {
    server.use(http.get('/api/ai/v1/experiments', () => HttpResponse.json([])));
    renderApp('/playground/experiments');
    expect(
      await screen.findByText('No experiments yet', undefined, { timeout: 30_000 }),
    ).toBeVisible();
  });
});
