import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { param } from '../lib/list-params';
import { useListParams } from '../hooks/use-list-params';
import { renderWithProviders } from '../test/render';
import { SearchField } from './SearchField';

const spec = { q: param.search(), page: param.page() };

function List() {
  const [state, set] = useListParams(spec);
  return (
    <>
      <SearchField label="Search by name" value={state.q} onSearch={(q) => set({ q })} />
      <button onClick={() => set({ page: state.page + 1 })}>Next page</button>
    </>
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('SearchField over useListParams', () => {
  it('writes what is typed once typing pauses, replacing the history entry, and back to page 1', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<List />, { url: '/list?page=3' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), ' north ');
    await settle();
    expect(router.state.location.search).toBe('?q=north');
    expect(router.state.historyAction).toBe('REPLACE');
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
