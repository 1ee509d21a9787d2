import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderHeld } from '../test/render';
import { useAddressText } from './use-address-text';

/** A form that writes the address on submit, as the fileset search does. */
function DirectoryForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [dir, setDir] = useAddressText(params.get('dir') ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(dir ? `?dir=${encodeURIComponent(dir)}` : '?');
      }}
    >
      <label>
        Directory
        <input value={dir} onChange={(event) => setDir(event.target.value)} />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}

const render = (url: string) => renderHeld(<DirectoryForm />, url);

describe('useAddressText', () => {
  it('keeps what is typed while the address written just before is on its way', async () => {
    const user = userEvent.setup();
    const { router, held, land } = render('/list');
    const field = await screen.findByRole('textbox', { name: 'Directory' });
    await user.type(field, 'manuals/widget');
    held.on = true;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.navigation.state).toBe('loading');
    await user.clear(field);
    await land();
    expect(router.state.location.search).toBe('?dir=manuals%2Fwidget');
    expect(field).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('');
    expect(field).toHaveValue('');
  });

  it('shows what the address says when it changes after the typing, and on Back', async () => {
    const user = userEvent.setup();
    const { router } = render('/list?dir=a');
    const field = await screen.findByRole('textbox', { name: 'Directory' });
    await user.type(field, 'b');
    await act(() => router.navigate('/list?dir=c'));
    expect(field).toHaveValue('c');

    await user.type(field, 'd');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?dir=a');
    expect(field).toHaveValue('a');
  });
});
