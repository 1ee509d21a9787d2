import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aDataset, certified } from './data';
import { givenDataset } from './handlers';
import { cellTexts } from '../../../test/table';

const dataset = aDataset();
const open = (query = '') => renderApp(`/datasets/${dataset.id}${query}`);
const value = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByRole('definition');
const rowsOf = (table: HTMLElement) => cellTexts(table);

describe('/datasets/:datasetId (Overview)', { timeout: 20_000 }, () => {
  it('shows the dataset: counts, dates, schema and its first rows', async () => {
    givenDataset();
    open();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sales by region' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Sales by region · Platform Console');
    expect(screen.getByText('2,000 rows, 3 columns')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    for (const tab of ['Sharing', 'Certification', 'Partitions', 'Exports'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();

    expect(value('Rows')).toHaveTextContent('2,000');
    expect(value('Columns')).toHaveTextContent('3');
    expect(within(value('Created')).getByText(/2026/)).toHaveAttribute('title', dataset.created);
    expect(within(value('Updated')).getByText(/2026/)).toHaveAttribute(
      'title',
      dataset.lastUpdated,
    );
    expect(await within(value('Certification')).findByText('Not certified')).toBeInTheDocument();

    const schema = await screen.findByRole('table', { name: 'Schema columns' });
    expect(rowsOf(schema)).toEqual([
      ['1', 'region', 'STRING', 'Visible'],
      ['3', 'units', 'LONG', 'Visible'],
    ]);

    const preview = await screen.findByRole('table', { name: 'Preview of the first rows' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['region', 'units']);
    expect(rowsOf(preview)).toEqual([
      ['North', '12'],
      ['South', 'null'],
    ]);
    // No stream loads this dataset: no stream section.
    expect(screen.queryByRole('heading', { name: 'Stream' })).not.toBeInTheDocument();
  });

  it('asks for the first 50 rows', async () => {
    givenDataset();
    let body: unknown;
    server.use(
      http.post('/api/query/v1/execute/:id', async ({ request, params }) => {
        body = await request.json();
        expect(params.id).toBe(dataset.id);
        return HttpResponse.json({ columns: [], rows: [], numRows: 0, numColumns: 0 });
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'No rows yet' })).toBeInTheDocument();
    expect(body).toEqual({ sql: 'SELECT * FROM table LIMIT 50' });
  });

  it('shows hidden columns when asked, and keeps that in the URL', async () => {
    const user = userEvent.setup();
    givenDataset();
    const { router } = open();

    const toggle = await screen.findByRole('switch', { name: 'Show hidden columns' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    const schema = screen.getByRole('table', { name: 'Schema columns' });
    const hiddenRow = await within(schema).findByRole('row', { name: /visitorHash/ });
    expect(within(hiddenRow).getByText('Hidden')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?hidden=true');

    await user.click(toggle);
    await vi.waitFor(() =>
      expect(within(schema).queryByRole('row', { name: /visitorHash/ })).not.toBeInTheDocument(),
    );
  });

  it('wears a "Certified" chip when the certification is ACTIVE', async () => {
    givenDataset();
    server.use(
      http.get('/api/tags/v3/DATA_SOURCE/:id/system/CERTIFIED/state', () =>
        HttpResponse.json(certified),
      ),
    );
    open();
    await screen.findByRole('heading', { level: 1, name: 'Sales by region' });
    expect(await within(value('Certification')).findByText('Certified')).toBeInTheDocument();
  });

  it('an unknown dataset reads as not found, with Retry', async () => {
    givenDataset();
    server.use(
      http.get('/api/data/v3/datasources/:id', () =>
        HttpResponse.json({ message: 'No dataset nope' }, { status: 404 }),
      ),
    );
    renderApp('/datasets/nope');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not found, or you have no access')).toBeInTheDocument();
    expect(within(alert).getByText('No dataset nope')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows the schema error in place', async () => {
    givenDataset();
    server.use(
      http.get('/api/query/v1/datasources/:id/schema/indexed', () =>
        HttpResponse.json({ message: 'session token refused' }, { status: 401 }),
      ),
    );
    open();
    expect(await screen.findByText('session token refused')).toBeInTheDocument();
  });
});
