import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { param } from '../lib/list-params';
import { useListController } from '../hooks/use-list-controller';
import { renderHeld, renderWithProviders } from '../test/render';
import { SearchField } from './SearchField';

const spec = { q: param.search(), page: param.page(), region: param.text() };

function List() {
  const { params, setters } = useListController(spec);
  return (
    <>
      <SearchField label="Search by name" value={params.q} onSearch={setters.q} />
      <button onClick={() => setters.page(params.page + 1)}>Next page</button>
      <button onClick={() => setters.region('north')}>North only</button>
    </>
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('SearchField over useListController', () => {
  it('writes what is typed once typing pauses, replacing the history entry, and back to page 1', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { url: '/list?page=3' });
    const field = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.type(field, ' north ');
    await settle();
    expect(router.state.location.search).toBe('?q=north');
    expect(router.state.historyAction).toBe('REPLACE');
    // What was typed stays as typed, ready for the next word.
    expect(field).toHaveValue(' north ');
  });

  it('Escape and the clear button empty it', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { url: '/list?q=north' });
    const field = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(field).toHaveValue('north');
    await user.click(field);
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    await settle();
    expect(router.state.location.search).toBe('');

    await user.type(field, 'south');
    await user.click(screen.getByRole('button', { name: 'Clear search by name' }));
    expect(field).toHaveValue('');
  });

  it('drops a pending search when the URL changes another way, and shows what the URL says', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { url: '/list?q=north' });
    const field = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await settle();
    expect(router.state.location.search).toBe('?q=north&page=2');
    expect(field).toHaveValue('north');
  });

  it('keeps what is typed while a filter picked just before is still on its way, and writes both', async () => {
    const user = userEvent.setup();
    const { router, held, land } = renderHeld(<List />, '/list?page=2');
    const field = await screen.findByRole('searchbox', { name: 'Search by name' });
    held.on = true;
    await user.click(screen.getByRole('button', { name: 'North only' }));
    expect(router.state.navigation.state).toBe('loading');
    await user.type(field, 'sales');
    await land();
    expect(router.state.location.search).toBe('?region=north');
    expect(field).toHaveValue('sales');
    await settle();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('sales');
    expect(new URLSearchParams(router.state.location.search).get('region')).toBe('north');
    expect(field).toHaveValue('sales');
  });

  it('drops a pending search when the user leaves', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { url: '/list' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'left');
    await router.navigate('/elsewhere');
    await settle();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(router.state.location.search).toBe('');
  });
});
