import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aCollection } from '../../../test/data';
import { aDataset, aStream } from './data';

const aCollectionLinkedTo = (datasourceId: string) => aCollection({ name: 'orders', datasourceId });

const sales = aDataset();
const traffic = aDataset({
  id: 'web/traffic 1',
  name: 'Web traffic',
  rowCount: 500,
  description: '',
});

/** Answers the list endpoint with `rows` and records every query string it was asked with. */
function givenList(rows: ReturnType<typeof aDataset>[] = [sales, traffic]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/data/v3/datasources', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows);
    }),
  );
  return asked;
}

const last = (asked: URLSearchParams[]) => Object.fromEntries(asked[asked.length - 1]!);
const manyDatasets = (n: number) =>
  Array.from({ length: n }, (_, i) => aDataset({ id: `ds-${i}`, name: `Dataset ${i}` }));

describe('/datasets', { timeout: 20_000 }, () => {
  it('lists datasets, each a link to its page, first page sorted by name', async () => {
    const asked = givenList();
    renderApp('/datasets');

    const table = await screen.findByRole('table', { name: 'Datasets' });
    expect(screen.getByRole('heading', { level: 1, name: 'Datasets' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Web traffic' })).toHaveAttribute(
      'href',
      '/datasets/web%2Ftraffic%201',
    );
    const salesRow = within(table).getByRole('link', { name: 'Sales by region' }).closest('tr')!;
    expect(within(salesRow).getByText('2,000')).toBeInTheDocument();
    expect(within(salesRow).getByText(sales.description)).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // One row more than the page tells whether a next page exists.
    expect(last(asked)).toEqual({ limit: '26', offset: '0', sort: 'name', order: 'asc' });
    expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('reads search, sort and page from the URL', async () => {
    const asked = givenList();
    renderApp('/datasets?q=web&sort=created&order=desc&page=3&pageSize=10');

    await screen.findByRole('table', { name: 'Datasets' });
    expect(last(asked)).toEqual({
      limit: '11',
      offset: '20',
      nameLike: 'web',
      sort: 'created',
      order: 'desc',
    });
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('web');
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('puts a debounced search in the URL and goes back to page 1', async () => {
    const user = userEvent.setup();
    const asked = givenList();
    const { router } = renderApp('/datasets?page=2&sort=rowCount&order=desc');
    await screen.findByRole('table', { name: 'Datasets' });
    const before = asked.length;

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'sal');

    await vi.waitFor(() => expect(last(asked).nameLike).toBe('sal'));
    // Typing three letters asked once, after the pause, not once per letter.
    expect(asked.length).toBe(before + 1);
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ sort: 'rowCount', order: 'desc', q: 'sal' });
    expect(last(asked).offset).toBe('0');
  });

  it('sorts by a column header, toggling the order, and goes back to page 1', async () => {
    const user = userEvent.setup();
    const asked = givenList();
    const { router } = renderApp('/datasets?page=3&q=s');
    await screen.findByRole('table', { name: 'Datasets' });

    await user.click(screen.getByRole('button', { name: 'Rows' }));
    await vi.waitFor(() => expect(last(asked).sort).toBe('rowCount'));
    expect(last(asked)).toMatchObject({ order: 'desc', offset: '0', nameLike: 's' });
    expect(router.state.location.search).toBe('?q=s&sort=rowCount&order=desc');
    expect(screen.getByRole('columnheader', { name: 'Rows' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: 'Rows' }));
    await vi.waitFor(() => expect(last(asked).order).toBe('asc'));
  });

  it('pages forward and back through the URL', async () => {
    const user = userEvent.setup();
    const asked = givenList(manyDatasets(11));
    const { router } = renderApp('/datasets?pageSize=10');
    await screen.findByRole('table', { name: 'Datasets' });
    expect(screen.getAllByRole('row')).toHaveLength(11); // header + 10
    expect(screen.getByText('1–10 of more than 10')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await vi.waitFor(() => expect(last(asked).offset).toBe('10'));
    expect(router.state.location.search).toBe('?pageSize=10&page=2');

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?pageSize=10'));
  });

  it('changes the page size and goes back to page 1', async () => {
    const user = userEvent.setup();
    const asked = givenList();
    const { router } = renderApp('/datasets?page=2');
    await screen.findByRole('table', { name: 'Datasets' });

    await user.click(screen.getByRole('combobox', { name: /Datasets per page/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await vi.waitFor(() => expect(last(asked).limit).toBe('51'));
    expect(router.state.location.search).toBe('?pageSize=50');
  });

  it('shows skeletons while loading', async () => {
    server.use(http.get('/api/data/v3/datasources', () => new Promise<Response>(() => {})));
    renderApp('/datasets');
    expect(await screen.findByRole('status', { name: 'Loading datasets' })).toBeInTheDocument();
  });

  it('says so when there is no dataset at all', async () => {
    givenList([]);
    renderApp('/datasets');
    expect(await screen.findByRole('heading', { name: 'No datasets yet' })).toBeInTheDocument();
  });

  it('says so when nothing matches the search, and clears it', async () => {
    const user = userEvent.setup();
    const asked = givenList([]);
    const { router } = renderApp('/datasets?q=zzz');
    expect(
      await screen.findByRole('heading', { name: 'No dataset matches “zzz”' }),
    ).toBeInTheDocument();

    givenList([sales]);
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('link', { name: 'Sales by region' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
    expect(asked.length).toBeGreaterThan(0);
  });

  it('offers the first page when the page is past the end', async () => {
    const user = userEvent.setup();
    givenList([]);
    renderApp('/datasets?page=9');
    await user.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByRole('heading', { name: 'No datasets yet' })).toBeInTheDocument();
  });

  it('shows a failed first load in place, and Retry asks again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('/api/data/v3/datasources', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'database is down' }, { status: 500 })
          : HttpResponse.json([sales]);
      }),
    );
    renderApp('/datasets');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('database is down')).toBeInTheDocument();
    expect(within(alert).getByText(/Status 500/)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Sales by region' })).toBeInTheDocument();
  });

  it('is in the side navigation', async () => {
    givenList();
    renderApp('/datasets');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Datasets' })).toHaveAttribute(
      'href',
      '/datasets',
    );
  });
});

describe('/datasets, where rows come from', { timeout: 20_000 }, () => {
  it('names each dataset’s source and marks the certified ones', async () => {
    const synced = aDataset({ id: 'ds-sync', name: 'orders' });
    givenList([sales, traffic, synced]);
    server.use(
      http.get('/api/data/v1/streams', ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('datasetId') === sales.id
            ? [aStream({ dataSource: { id: sales.id, name: sales.name } })]
            : [],
        ),
      ),
      http.get('/api/data/v1/streams/connectors', () =>
        HttpResponse.json([{ key: 'data-file', name: 'Data file', versions: ['1'], fields: [] }]),
      ),
      http.get('/api/datastores/v1/collections', () =>
        HttpResponse.json([{ ...aCollectionLinkedTo('ds-sync') }]),
      ),
      http.get('/api/tags/v3/DATA_SOURCE/:id/system/CERTIFIED/state', ({ params }) =>
        HttpResponse.json({
          tag: 'CERTIFIED',
          state: params.id === sales.id ? 'ACTIVE' : null,
          metadata: null,
          updated: null,
        }),
      ),
    );
    renderApp('/datasets');
    const table = await screen.findByRole('table', { name: 'Datasets' });
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr')!;
    expect(
      await within(row('Sales by region')).findByText('Stream · Data file'),
    ).toBeInTheDocument();
    expect(within(row('Sales by region')).getByText('Certified')).toBeInTheDocument();
    expect(await within(row('orders')).findByText('Collection sync · orders')).toBeInTheDocument();
    expect(within(row('Web traffic')).getByText('Other (upload or API)')).toBeInTheDocument();
    expect(within(row('Web traffic')).queryByText('Certified')).not.toBeInTheDocument();
  });
});
