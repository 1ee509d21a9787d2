import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderApp } from '../../../test/render';
import { aField, givenFields } from './fake-platform';

const mine = aField({ id: 1, name: 'Total revenue' });
const theirs = aField({ id: 2, name: 'Units', dataType: 'LONG' });

/** The caller may change field 1 only. */
function givenOnlyMine() {
  givenFields([mine, theirs]);
  server.use(
    http.get('/api/access/v1/calculated-fields', ({ request }) =>
      HttpResponse.json(
        (new URL(request.url).searchParams.get('ids') ?? '').split(',').map((id) => ({
          id: Number(id),
          operations: {
            read: { allowed: true },
            change:
              id === '1'
                ? { allowed: true }
                : { allowed: false, status: 403, needed: 'the owner of the field' },
          },
        })),
      ),
    ),
  );
}

describe('calculated fields the user may not change', { timeout: 40_000 }, () => {
  it('disables the lock switch of another’s field, with the reason', async () => {
    givenOnlyMine();
    renderApp('/calculated-fields');
    const grid = await screen.findByRole('grid', { name: 'Calculated fields' });
    const theirsSwitch = await within(grid).findByRole('switch', { name: 'Locked: Units' });
    await waitFor(() => expect(theirsSwitch).toBeDisabled());
    expect(within(grid).getByRole('switch', { name: 'Locked: Total revenue' })).toBeEnabled();
    await userEvent.hover(theirsSwitch.closest('[data-guard="disabled"]') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /Only the field’s owner, an owner or co-owner of a dataset it links, or an Admin/,
    );
  });

  it('shows another’s field read-only in the drawer, with the reason', async () => {
    givenOnlyMine();
    renderApp('/calculated-fields?field=2');
    const drawer = await screen.findByRole('region', { name: 'Calculated field Units' });
    expect(
      await within(drawer).findByText('Read-only: you may not change this field'),
    ).toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: 'Expression' })).toBeNull();
    expect(within(drawer).getByRole('switch', { name: 'Locked: Units' })).toBeDisabled();
  });
});
