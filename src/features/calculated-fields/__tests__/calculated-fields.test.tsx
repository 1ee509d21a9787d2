import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderApp } from '../../../test/render';
import { aField, givenFields } from './fake-platform';

const revenue = aField();
const units = aField({ id: 2, name: 'Units', dataType: 'LONG', locked: true });
const broken = aField({ id: 3, name: 'Revenue vs target', status: 'INVALID', dataType: 'DOUBLE' });

describe('/calculated-fields', { timeout: 40_000 }, () => {
  it('shows statistics and the fields, with dataset names, and filters through the address', async () => {
    const user = userEvent.setup();
    const { searches } = givenFields([revenue, units, broken]);
    const { router } = renderApp('/calculated-fields');

    const statistics = await screen.findByRole('group', { name: 'Statistics' });
    await within(statistics).findByText('3');
    expect(within(statistics).getByRole('button', { name: /Locked\s*1/ })).toBeInTheDocument();
    expect(within(statistics).getByRole('button', { name: /Invalid\s*1/ })).toBeInTheDocument();

    const grid = await screen.findByRole('grid', { name: 'Calculated fields' });
    expect(await within(grid).findByRole('link', { name: 'Units' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('link', { name: 'Sales by region' })[0]).toHaveAttribute(
      'href',
      '/datasets/ds-sales',
    );

    await user.click(within(statistics).getByRole('button', { name: /Invalid/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=INVALID'));
    await waitFor(() => expect(within(grid).queryByRole('link', { name: 'Units' })).toBeNull());
    expect(within(grid).getByRole('link', { name: 'Revenue vs target' })).toBeInTheDocument();
    expect(searches.at(-1)).toMatchObject({ filters: [{ field: 'status', value: 'INVALID' }] });

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'zzz');
    expect(await screen.findByText('No calculated field matches')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    const again = await screen.findByRole('grid', { name: 'Calculated fields' });
    expect(await within(again).findByRole('link', { name: 'Units' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('locks at once, and moves the switch back with the reason when the platform refuses', async () => {
    const user = userEvent.setup();
    givenFields([revenue, units, broken], { refuseLock: [3] });
    renderApp('/calculated-fields');

    const lockRevenue = await screen.findByRole('switch', { name: 'Locked: Total revenue' });
    // The switch waits for the caller's access to the field's dataset, as a user does.
    await waitFor(() => expect(lockRevenue).toBeEnabled());
    await user.click(lockRevenue);
    expect(lockRevenue).toBeChecked();
    expect(await screen.findByText('Locked “Total revenue”')).toBeInTheDocument();

    const lockBroken = screen.getByRole('switch', { name: 'Locked: Revenue vs target' });
    await waitFor(() => expect(lockBroken).toBeEnabled());
    await user.click(lockBroken);
    expect(
      await screen.findByText(
        'Could not lock “Revenue vs target”: You may not modify this calculated field',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Locked: Revenue vs target' })).not.toBeChecked(),
    );
  });

  it('bulk locks after a confirm with the count, lists the failures, and retries them', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) =>
      aField({ id: 10 + i, name: `Field ${String(i).padStart(2, '0')}` }),
    );
    const refused = [11, 12];
    const platform = givenFields(many, { refuseLock: refused });
    renderApp('/calculated-fields');

    const grid = await screen.findByRole('grid', { name: 'Calculated fields' });
    await within(grid).findByRole('link', { name: 'Field 00' });
    await user.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected fields' });
    expect(toolbar).toHaveTextContent('12 fields selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Lock 12' }));

    const confirm = await screen.findByRole('dialog', { name: 'Lock 12 calculated fields?' });
    await user.click(within(confirm).getByRole('button', { name: 'Lock 12' }));

    const result = await screen.findByRole('dialog', { name: '2 fields not locked' });
    expect(within(result).getByText('10 locked, 2 failed.')).toBeInTheDocument();
    const failed = within(result).getByRole('list', { name: 'Failed fields' });
    expect(
      within(failed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Field 01You may not modify this calculated field',
      'Field 02You may not modify this calculated field',
    ]);
    expect(platform.fields.get(10)?.locked).toBe(true);

    const calls = platform.lockCalls.length;
    refused.splice(0, 1); // the platform now lets "Field 01" be locked
    await user.click(within(result).getByRole('button', { name: 'Retry 2 failed' }));
    const after = await screen.findByRole('dialog', { name: '1 field not locked' });
    expect(within(after).getByText('11 locked, 1 failed.')).toBeInTheDocument();
    expect(within(after).getByRole('list', { name: 'Failed fields' })).toHaveTextContent(
      'Field 02',
    );
    expect(platform.lockCalls.slice(calls).sort()).toEqual([11, 12]);
  });

  it('opens a locked field read-only with the reason, and edits an unlocked one with the platform’s 400', async () => {
    const user = userEvent.setup();
    givenFields([revenue, units, broken]);
    renderApp('/calculated-fields?field=2');

    const drawer = await screen.findByRole('region', { name: 'Calculated field Units' });
    expect(within(drawer).getByText('Read-only: this field is locked')).toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: 'Expression' })).toBeNull();
    expect(within(drawer).getByRole('table', { name: 'Links' })).toHaveTextContent(
      'Sales by region',
    );
    // A card by its title (the id is in its tooltip), once the platform names it.
    expect(
      await within(within(drawer).getByRole('table', { name: 'Links' })).findByText(
        'Revenue by region',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('list', { name: 'Functions' })).toHaveTextContent('SUM');
    expect(within(drawer).getByRole('table', { name: 'Column positions' })).toHaveTextContent(
      'revenue4',
    );

    await user.click(within(drawer).getByRole('switch', { name: 'Locked: Units' }));
    const input = await within(drawer).findByRole('textbox', { name: 'Expression' });
    await user.clear(input);
    await user.type(input, '42');
    await user.click(within(drawer).getByRole('button', { name: 'Save expression' }));
    expect(await within(drawer).findByText('expression: names no column')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'SUM(`units`) * 2');
    await user.click(within(drawer).getByRole('button', { name: 'Save expression' }));
    expect(await screen.findByText('Saved the expression of “Units”')).toBeInTheDocument();
  });

  it('shows the platform’s 409 beside the form when the field was locked meanwhile', async () => {
    const user = userEvent.setup();
    const platform = givenFields([revenue]);
    renderApp('/calculated-fields?field=1');

    const drawer = await screen.findByRole('region', { name: 'Calculated field Total revenue' });
    const input = await within(drawer).findByRole('textbox', { name: 'Expression' });
    platform.fields.get(1)!.locked = true;
    await user.type(input, ' + 1');
    await user.click(within(drawer).getByRole('button', { name: 'Save expression' }));
    expect(await within(drawer).findByText('Not saved: the field is locked')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('is locked: unlock it before editing its expression');
  });

  it('says when there are no fields yet, and offers a retry when the search fails', async () => {
    const user = userEvent.setup();
    givenFields([]);
    const empty = renderApp('/calculated-fields');
    expect(await screen.findByText('There are no calculated fields yet')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Selected fields' })).toBeNull();
    empty.unmount();

    let fail = true;
    server.use(
      http.post('/api/query/v1/functions/search', () =>
        fail
          ? HttpResponse.json({ message: 'Search is down' }, { status: 500 })
          : HttpResponse.json({ totalHits: 1, results: [revenue], hasMore: false }),
      ),
    );
    renderApp('/calculated-fields?q=total');
    expect(await screen.findByText(/Search is down/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Total revenue' })).toBeInTheDocument();
  });
});
