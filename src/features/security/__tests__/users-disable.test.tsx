import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { chloe, givenSecurityPlatform } from './security-platform';

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text));

describe('/security/users: disabling a person', { timeout: 20_000 }, () => {
  it('disables a person after a confirm, shows them disabled, and enables them again', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform();
    renderApp('/security/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(rowOf(table, 'Chloe Editor')).not.toHaveTextContent('Disabled');
    // The Admin's own row offers no button: nobody disables themselves.
    expect(screen.queryByRole('button', { name: 'Disable Ada Admin' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Disable Chloe Editor' }));
    const confirm = screen.getByRole('dialog', { name: 'Disable Chloe Editor?' });
    expect(confirm).toHaveTextContent(/Every token of Chloe Editor is revoked/);
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitForElementToBeRemoved(confirm);
    await waitFor(() => expect(rowOf(table, 'Chloe Editor')).toHaveTextContent('Disabled'));
    expect(await screen.findByText('Chloe Editor is disabled')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable Chloe Editor' }));
    const again = screen.getByRole('dialog', { name: 'Enable Chloe Editor?' });
    await user.click(within(again).getByRole('button', { name: 'Enable' }));
    await waitForElementToBeRemoved(again);
    await waitFor(() => expect(rowOf(table, 'Chloe Editor')).not.toHaveTextContent('Disabled'));
    expect(screen.getByRole('button', { name: 'Disable Chloe Editor' })).toBeInTheDocument();
  });

  it('keeps a refusal in the dialog with its message, status and trace id', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform();
    server.use(
      http.put('/api/access/v1/users/:id/disabled', () =>
        HttpResponse.json(
          {
            message: 'The last enabled Admin stays enabled: make another user Admin first',
            toe: 'TRACE0042',
          },
          { status: 409 },
        ),
      ),
    );
    renderApp('/security/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Disable Ben Privileged' }));
    const confirm = screen.getByRole('dialog', { name: 'Disable Ben Privileged?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('Ben Privileged was not disabled');
    expect(alert).toHaveTextContent('The last enabled Admin stays enabled');
    expect(alert).toHaveTextContent('Status 409');
    expect(alert).toHaveTextContent('TRACE0042');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(confirm);
    expect(rowOf(table, 'Ben Privileged')).not.toHaveTextContent('Disabled');
  });

  it('offers no disable button to someone who is not an Admin', async () => {
    givenSecurityPlatform({ me: chloe });
    renderApp('/security/users');
    expect(
      await screen.findByRole('heading', { name: 'You need the Admin role' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Disable / })).toBeNull();
  });
});
