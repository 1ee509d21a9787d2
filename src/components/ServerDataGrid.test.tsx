import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { param } from '../lib/list-params';
import { useListParams } from '../hooks/use-list-params';
import { renderHeld } from '../test/render';
import { ServerDataGrid } from './ServerDataGrid';

const spec = { sort: param.text(), page: param.page(), size: param.size([2, 5] as const, 2) };
const columns: GridColDef[] = [{ field: 'units', headerName: 'units', width: 120 }];
const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((units) => ({ id: units, units }));

function Units() {
  const [state, set] = useListParams(spec);
  const [field, direction] = state.sort.split(':');
  const sortModel: GridSortModel =
    field && (direction === 'asc' || direction === 'desc') ? [{ field, sort: direction }] : [];
  return (
    <div style={{ height: 400, width: 400 }}>
      <ServerDataGrid
        label="Units"
        aria-label="Units"
        columns={columns}
        rows={rows.slice(state.page * state.size, (state.page + 1) * state.size)}
        rowCount={rows.length}
        pageSizeOptions={[2, 5]}
        sortModel={sortModel}
        onSortModelChange={([first]) =>
          set({ sort: first?.sort ? `${first.field}:${first.sort}` : '', page: 0 })
        }
        paginationModel={{ page: state.page, pageSize: state.size }}
        onPaginationModelChange={(model) => set({ page: model.page })}
      />
    </div>
  );
}

const renderUnits = (url: string) => renderHeld(<Units />, url);

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('ServerDataGrid over the address', () => {
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
