import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aToken, ben, chloe, givenSecurityPlatform } from './security-platform';

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text));

describe('/security', { timeout: 20_000 }, () => {
  it('opens on the access tokens, listed with their owner by name', async () => {
    givenSecurityPlatform();
    const { router } = renderApp('/security');
    const table = await screen.findByRole('table', { name: 'Tokens' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/security/tokens'));
    const row = rowOf(table, 'ci')!;
    expect(row).toHaveTextContent('Ben Privileged');
    expect(row).toHaveTextContent('Access');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Never');
  });

  it('creates a token, shows its value once, and lists it', async () => {
    const user = userEvent.setup();
    const { created } = givenSecurityPlatform();
    renderApp('/security/tokens');
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Give the token a name')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'nightly');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token “nightly” created' });
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue('pct_secret-value');
    expect(within(shown).getByText('Copy it now: it cannot be seen again')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(created).toEqual([{ name: 'nightly', kind: 'access', expiresInDays: 90 }]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitForElementToBeRemoved(shown);

    const table = screen.getByRole('table', { name: 'Tokens' });
    await waitFor(() => expect(rowOf(table, 'nightly')).toHaveTextContent('Ada Admin'));
    expect(screen.queryByText('pct_secret-value')).toBeNull();
  });

  it('offers one “Create token” when there is no token yet (the empty state’s)', async () => {
    givenSecurityPlatform({ tokens: [] });
    renderApp('/security/tokens');
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create token' })).toHaveLength(1);
  });

  it('revokes a token after a confirm', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform();
    renderApp('/security/tokens');
    await user.click(await screen.findByRole('button', { name: 'Revoke token ci' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke token “ci”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No token matches these filters')).toBeInTheDocument();
  });

  it('keeps the filters in the URL', async () => {
    givenSecurityPlatform({
      tokens: [aToken(), aToken({ id: 't2', name: 'old', revoked: '2026-11-02T00:00:00.000Z' })],
    });
    renderApp('/security/tokens?status=revoked');
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(rowOf(table, 'old')).toHaveTextContent('Revoked');
    expect(rowOf(table, 'ci')).toBeUndefined();
  });

  it('lets a Workflow API holder manage their own access tokens only', async () => {
    givenSecurityPlatform({ me: ben });
    renderApp('/security/tokens');
    expect(await screen.findByRole('table', { name: 'Tokens' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
    expect(screen.getByText(/Your own access tokens/)).toBeInTheDocument();
  });

  it('tells a user without the grant or the role what they need, not an error', async () => {
    givenSecurityPlatform({ me: chloe });
    renderApp('/security/tokens');
    expect(
      await screen.findByRole('heading', { name: 'You need the Workflow API grant' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Users' }));
    expect(
      await screen.findByRole('heading', { name: 'You need the Admin role' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists users with role, groups and grants, searchable from the URL', async () => {
    givenSecurityPlatform();
    renderApp('/security/users?q=finance');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(rowOf(table, 'Chloe Editor')).toHaveTextContent('chloe@example.com');
    expect(rowOf(table, 'Chloe Editor')).toHaveTextContent('Finance');
  });

  it('lists the roles with their grants and member counts', async () => {
    givenSecurityPlatform();
    renderApp('/security/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(rowOf(table, 'Privileged')).toHaveTextContent('Workflow API');
    expect(rowOf(table, 'Editor')).toHaveTextContent('None');
    expect(rowOf(table, 'Editor')).toHaveTextContent('2');
  });

  it('names whose token the console uses in the header', async () => {
    givenSecurityPlatform({ me: chloe });
    renderApp('/security/roles');
    expect(await screen.findByLabelText('Signed in as Chloe Editor · Editor')).toHaveTextContent(
      'Chloe Editor · Editor',
    );
  });
});
