import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aDataset, anExport, givenExports } from './fake-platform';

const sales = aDataset();
const traffic = aDataset({ id: 'ds-traffic', name: 'Web traffic' });
const secret = aDataset({ id: 'ds-secret', name: 'Payroll' });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function givenThreeDatasets(mode: 'remote' | 'embedded' = 'remote') {
  return givenExports(
    [sales, traffic, secret],
    {
      [sales.id]: [
        anExport({ exportId: 's-2', started: hoursAgo(1), finished: hoursAgo(0.9) }),
        anExport({
          exportId: 's-1',
          exportStatus: 'failed',
          errorCode: 'EXPORT_FAILED',
          message: 'Access Denied',
          started: hoursAgo(30),
          finished: hoursAgo(29.9),
          urlRowCountMap: {},
        }),
      ],
      [traffic.id]: [
        anExport({
          exportId: 't-1',
          exportStatus: 'running',
          started: hoursAgo(0.1),
          finished: null,
        }),
      ],
    },
    { pollsToFinish: 1_000, unreadable: [secret.id], mode },
  );
}

describe('/exports', { timeout: 20_000 }, () => {
  it('counts every dataset’s exports by status, and a count filters the list', async () => {
    const user = userEvent.setup();
    givenThreeDatasets();
    const { router } = renderApp('/exports');

    const counts = await screen.findByRole('group', { name: 'Filter by status' });
    await within(counts).findByRole('button', { name: /All exports\s*3/ });
    expect(within(counts).getByRole('button', { name: /Running\s*1/ })).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: /Failed\s*1/ })).toBeInTheDocument();

    expect(
      within(screen.getByRole('list', { name: 'Running exports' })).getByRole('link'),
    ).toHaveTextContent('Web traffic');
    expect(screen.getByRole('list', { name: 'Recent failures' })).toHaveTextContent(
      'EXPORT_FAILED: Access Denied',
    );
    expect(screen.getByText(/Payroll \(No read access\)/)).toBeInTheDocument();

    const chart = () =>
      screen.getByRole('figure', { name: /Exports started per/ }).querySelector('figcaption');
    await waitFor(() => expect(chart()).toHaveTextContent(/^3 exports started/));
    await user.click(within(counts).getByRole('button', { name: /Failed/ }));
    expect(router.state.location.search).toContain('status=failed');
    // The chart follows the status filter, as the table does.
    await waitFor(() => expect(chart()).toHaveTextContent(/^1 export started/));
    const table = screen.getByRole('table', { name: 'Exports' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Sales by region');
    // One page: the count is in the heading's line, and no pager is drawn.
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Sales by region' })).toHaveAttribute(
      'href',
      `/datasets/${sales.id}/exports`,
    );
  });

  it('reads the period and the dataset name from the URL', async () => {
    givenThreeDatasets();
    renderApp('/exports?range=24h&q=sales');
    const table = await screen.findByRole('table', { name: 'Exports' });
    await screen.findByText(/3 datasets watched/);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('link')[0]!.textContent)).toEqual([
      'Sales by region',
    ]);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 24 hours');
  });

  it('on the embedded platform reads every dataset’s exports in one request, each row and failure opening its export', async () => {
    const { requested } = givenThreeDatasets('embedded');
    renderApp('/exports');
    const table = await screen.findByRole('table', { name: 'Exports' });
    await screen.findByText(/2 datasets watched/);
    expect(requested.filter((p) => p === '/api/query/v1/exports')).toHaveLength(1);
    expect(requested.filter((p) => p.startsWith('/api/query/v1/export/'))).toEqual([]);
    expect(requested).not.toContain('/api/data/v3/datasources');

    const failure = within(screen.getByRole('list', { name: 'Recent failures' })).getByRole('link');
    expect(failure).toHaveAttribute('href', `/exports/${sales.id}/s-1`);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Web traffic');
    expect(within(row).getAllByRole('link')[1]).toHaveAttribute(
      'href',
      `/exports/${traffic.id}/t-1`,
    );
  });

  it('pages the exports 25 at a time through the table’s pager, the page in the URL', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) =>
      anExport({
        exportId: `m-${String(i + 1).padStart(2, '0')}`,
        started: hoursAgo(i + 1),
        finished: hoursAgo(i + 0.9),
      }),
    );
    givenExports([sales], { [sales.id]: many }, { mode: 'embedded' });
    const { router } = renderApp('/exports');
    const table = await screen.findByRole('table', { name: 'Exports' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 25));
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 5));
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    // The oldest exports are on the second page, each opening its export.
    const last = within(table).getAllByRole('row').at(-1)!;
    expect(within(last).getAllByRole('link')[1]).toHaveAttribute(
      'href',
      `/exports/${sales.id}/m-30`,
    );
  });
});
