import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable, type DataColumn } from '../components/DataTable';
import { ServerDataGrid } from '../components/ServerDataGrid';
import { param } from '../lib/list-params';
import { renderHeld, renderWithProviders } from '../test/render';
import { useListController } from './use-list-controller';

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useListController', () => {
  const spec = {
    q: param.search(),
    kind: param.oneOf(['all', 'csv', 'json'], 'all'),
    sort: param.sortField(['name', 'size'], 'name'),
    order: param.direction('asc'),
    page: param.page(),
    size: param.size([10, 25], 25),
  };
  /** The setter of the latest render, as a late callback (a debounce, an effect) holds it. */
  let showCsv = () => {};
  function Files() {
    const list = useListController(spec);
    const pager = list.pager();
    showCsv = () => list.setters.kind('csv');
    return (
      <>
        <output aria-label="State">{JSON.stringify(list.params)}</output>
        <button onClick={() => list.setters.kind('csv')}>CSV only</button>
        <button onClick={() => list.set({ kind: 'all', page: 0 })}>Everything</button>
        <button onClick={() => pager.onPageChange(pager.page + 1)}>Next page</button>
        <button onClick={() => pager.onPageSizeChange?.(10)}>Ten a page</button>
        <button onClick={() => pager.onPageSizeChange?.(7)}>Seven a page</button>
        <button onClick={() => list.tableSort().onSort('size', 'desc')}>Largest first</button>
      </>
    );
  }
  const state = () =>
    JSON.parse(screen.getByRole('status', { name: 'State' }).textContent ?? '{}') as unknown;

  it('reads each param, a bad value as its default alone', () => {
    renderWithProviders(<Files />, { url: '/files?kind=xml&page=3&size=10&order=up&q=+a+' });
    expect(state()).toEqual({
      q: 'a',
      kind: 'all',
      sort: 'name',
      order: 'asc',
      page: 2,
      size: 10,
    });
  });

  it('a filter, a sort or a page size returns to page 1; defaults leave the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Files />, { url: '/files?page=3' });
    await user.click(screen.getByRole('button', { name: 'CSV only' }));
    expect(params(router.state.location.search)).toEqual({ kind: 'csv' });
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Largest first' }));
    expect(params(router.state.location.search)).toEqual({
      kind: 'csv',
      sort: 'size',
      order: 'desc',
    });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Ten a page' }));
    expect(params(router.state.location.search)).toEqual({
      kind: 'csv',
      sort: 'size',
      order: 'desc',
      size: '10',
    });
    // A size the list does not offer is its default.
    await user.click(screen.getByRole('button', { name: 'Seven a page' }));
    expect(params(router.state.location.search)).toEqual({
      kind: 'csv',
      sort: 'size',
      order: 'desc',
    });
  });

  it('a write that changes nothing does not navigate', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Files />, { url: '/files?kind=csv' });
    const before = router.state.location.key;
    await user.click(screen.getByRole('button', { name: 'CSV only' }));
    expect(router.state.location.key).toBe(before);
    await user.click(screen.getByRole('button', { name: 'Everything' }));
    expect(router.state.location.search).toBe('');
  });

  it('a late write made on a path the user has left is dropped', async () => {
    const { router } = renderWithProviders(<Files />, { url: '/files' });
    const late = showCsv;
    await act(() => router.navigate('/elsewhere'));
    act(() => late());
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(router.state.location.search).toBe('');
  });
});

describe('useListController with a DataTable, on a slow machine', () => {
  interface Row {
    id: string;
    name: string;
    size: number;
  }
  const columns: DataColumn<Row, 'name' | 'size'>[] = [
    { key: 'name', header: 'Name', sortField: 'name', cell: (r) => r.name },
    { key: 'size', header: 'Size', sortField: 'size', align: 'right', cell: (r) => r.size },
  ];
  const rows = [
    { id: 'a', name: 'Alpha', size: 1 },
    { id: 'b', name: 'Beta', size: 2 },
  ];
  const spec = {
    sort: param.sortField(['name', 'size'], 'name'),
    order: param.direction('asc'),
    page: param.page(),
  };
  function Things() {
    const list = useListController(spec);
    return (
      <DataTable
        label="Things"
        columns={columns}
        rows={rows}
        sort={list.tableSort((field) => (field === 'size' ? 'desc' : 'asc'))}
        pager={list.pager({ pageSize: 2, total: 9 })}
      />
    );
  }

  it('a second click on a header before the first one lands turns the order around', async () => {
    const user = userEvent.setup();
    const { router, held, land } = renderHeld(<Things />, '/things');
    const header = () => screen.getByRole('button', { name: 'Size' });
    held.on = true;
    await user.click(await screen.findByRole('button', { name: 'Size' }));
    expect(router.state.navigation.state).toBe('loading');
    await user.click(header());
    await land();
    expect(params(router.state.location.search)).toEqual({ sort: 'size' });
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('"next page" clicked twice before the first lands goes two pages on', async () => {
    const user = userEvent.setup();
    const { router, held, land } = renderHeld(<Things />, '/things');
    const next = await screen.findByRole('button', { name: /next page/i });
    held.on = true;
    await user.click(next);
    expect(router.state.navigation.state).toBe('loading');
    await user.click(next);
    await land();
    expect(params(router.state.location.search)).toEqual({ page: '3' });
    expect(screen.getByText('5–6 of 9')).toBeInTheDocument();
  });
});

describe('useListController with a ServerDataGrid, on a slow machine', () => {
  const spec = { sort: param.sort(), page: param.page(), size: param.size([2, 5], 2) };
  const columns: GridColDef[] = [{ field: 'units', headerName: 'units', width: 120 }];
  const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((units) => ({ id: units, units }));

  function Units() {
    const list = useListController(spec);
    const { page, size } = list.params;
    return (
      <div style={{ height: 400, width: 400 }}>
        <ServerDataGrid
          label="Units"
          aria-label="Units"
          columns={columns}
          {...list.grid()}
          rows={rows.slice(page * size, (page + 1) * size)}
          rowCount={rows.length}
        />
      </div>
    );
  }

  const renderUnits = (url: string) => renderHeld(<Units />, url);

  it('a second click on a header while the first one’s address is on its way sorts descending', async () => {
    const user = userEvent.setup();
    const { router, held, land } = renderUnits('/units');
    const grid = await screen.findByRole('grid', { name: 'Units' });
    held.on = true;
    await user.click(within(grid).getByRole('columnheader', { name: /^units/ }));
    expect(router.state.navigation.state).toBe('loading');
    await user.click(within(grid).getByRole('columnheader', { name: /^units/ }));
    await land();
    expect(params(router.state.location.search)).toEqual({ sort: 'units:desc' });
    expect(within(grid).getByRole('columnheader', { name: /^units/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('a third click, before the second lands, leaves the list unsorted', async () => {
    const user = userEvent.setup();
    const { router, held, land } = renderUnits('/units');
    const grid = await screen.findByRole('grid', { name: 'Units' });
    held.on = true;
    const header = () => within(grid).getByRole('columnheader', { name: /^units/ });
    await user.click(header());
    await user.click(header());
    await user.click(header());
    await land();
    expect(params(router.state.location.search)).toEqual({});
    expect(header()).toHaveAttribute('aria-sort', 'none');
  });

  it('two quick clicks on "next page" reach page 3', async () => {
    const user = userEvent.setup();
    const { router, held, land } = renderUnits('/units');
    await screen.findByRole('grid', { name: 'Units' });
    held.on = true;
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await land();
    expect(params(router.state.location.search)).toEqual({ page: '3' });
  });
});
