import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { ada, aSession, ben, chloe, givenSecurityPlatform } from './security-platform';

const HERE = '0b6f3c1e-6a3f-4c53-9d55-2f1f6c0a0001';
const ADA_ELSEWHERE = '0b6f3c1e-6a3f-4c53-9d55-2f1f6c0a0002';
const BEN_LAPTOP = '0b6f3c1e-6a3f-4c53-9d55-2f1f6c0a0003';
const CHLOE_DESK = '0b6f3c1e-6a3f-4c53-9d55-2f1f6c0a0004';

const teamSessions = () => [
  aSession(HERE, ada),
  aSession(BEN_LAPTOP, ben, { lastUsed: null }),
  aSession(ADA_ELSEWHERE, ada),
  aSession(CHLOE_DESK, chloe),
];

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('/security/sessions', { timeout: 20_000 }, () => {
  it('lists who is signed in by name, and marks this browser’s session', async () => {
    givenSecurityPlatform({ sessions: teamSessions(), thisSessionId: HERE });
    renderApp('/security/sessions');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const rows = rowsOf(table);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Ada AdminThis browser',
      'Ben Privileged',
      'Ada Admin',
      'Chloe Editor',
    ]);
    expect(rows[1]).toHaveTextContent('Not yet');
    expect(within(rows[0]!).getByText('This browser')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('button', { name: 'End session of Ada Admin in this browser' }),
    ).toBeInTheDocument();
    expect(
      within(rows[2]!).getByRole('button', { name: 'End session of Ada Admin' }),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Sessions', selected: true })).toBeInTheDocument();
  });

  it('ends a session after a confirm that says what happens, and drops its row', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform({ sessions: teamSessions(), thisSessionId: HERE });
    renderApp('/security/sessions');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await user.click(screen.getByRole('button', { name: 'End session of Ben Privileged' }));
    const confirm = screen.getByRole('dialog', { name: 'End Ben Privileged’s session?' });
    expect(confirm).toHaveTextContent(
      /Their console asks them to sign in again at their next step/,
    );
    expect(confirm).toHaveTextContent(/last active not yet/);
    await user.click(within(confirm).getByRole('button', { name: 'End session' }));
    await waitForElementToBeRemoved(confirm);
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3));
    expect(table).not.toHaveTextContent('Ben Privileged');
    expect(await screen.findByText('Ben Privileged’s session has ended')).toBeInTheDocument();
  });

  it('says that ending this browser’s own session signs the person out here', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform({ sessions: teamSessions(), thisSessionId: HERE });
    renderApp('/security/sessions');
    await user.click(
      await screen.findByRole('button', { name: 'End session of Ada Admin in this browser' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'End your session in this browser?' });
    expect(confirm).toHaveTextContent(/you are signed out here/);
    expect(within(confirm).getByRole('button', { name: 'End and sign out' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(confirm);

    await user.click(screen.getByRole('button', { name: 'End session of Ada Admin' }));
    expect(screen.getByRole('dialog', { name: 'End Ada Admin’s session?' })).toHaveTextContent(
      /You stay signed in here/,
    );
  });

  it('keeps a refusal in the dialog with its message, status and trace id', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform({ sessions: teamSessions(), thisSessionId: HERE });
    server.use(
      http.delete('/api/access/v1/console-sessions/:id', () =>
        HttpResponse.json(
          { message: 'The platform is read-only for now', toe: 'TRACE0042' },
          { status: 503 },
        ),
      ),
    );
    renderApp('/security/sessions');
    await user.click(await screen.findByRole('button', { name: 'End session of Chloe Editor' }));
    const confirm = screen.getByRole('dialog', { name: 'End Chloe Editor’s session?' });
    await user.click(within(confirm).getByRole('button', { name: 'End session' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('Chloe Editor’s session was not ended');
    expect(alert).toHaveTextContent('The platform is read-only for now');
    expect(alert).toHaveTextContent('Status 503');
    expect(alert).toHaveTextContent('TRACE0042');
  });

  it('says why nobody is listed when no one signs in with team sign-in', async () => {
    givenSecurityPlatform();
    renderApp('/security/sessions');
    expect(
      await screen.findByRole('heading', {
        name: 'No one is signed in to the console with team sign-in',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/CONSOLE_AUTH=none, the default/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sessions' })).toBeNull();
  });

  it('keeps the person chosen in the URL, and offers everyone again when they have none', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform({ sessions: teamSessions(), thisSessionId: HERE });
    const { router } = renderApp('/security/sessions?userId=2');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(rowsOf(table)).toHaveLength(1);
    expect(table).toHaveTextContent('Ben Privileged');
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveTextContent('Ben Privileged');

    await user.click(screen.getByRole('button', { name: 'End session of Ben Privileged' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'End session' }),
    );
    expect(
      await screen.findByRole('heading', {
        name: 'Ben Privileged is not signed in to the console',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(rowsOf(await screen.findByRole('table', { name: 'Sessions' }))).toHaveLength(3);
  });

  it('opens one person’s sessions from the Users tab', async () => {
    const user = userEvent.setup();
    givenSecurityPlatform({ sessions: teamSessions(), thisSessionId: HERE });
    const { router } = renderApp('/security/users');
    await user.click(await screen.findByRole('link', { name: 'Sessions of Chloe Editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/security/sessions'));
    expect(router.state.location.search).toBe('?userId=3');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    expect(table).toHaveTextContent('Chloe Editor');
  });

  it('shows someone who is not an Admin their own sessions, with no person to choose', async () => {
    givenSecurityPlatform({
      me: ben,
      sessions: [...teamSessions(), aSession('0b6f3c1e-6a3f-4c53-9d55-2f1f6c0a0005', ben)],
      thisSessionId: BEN_LAPTOP,
    });
    // Another person in the address is not theirs to ask for: the list stays their own.
    renderApp('/security/sessions?userId=1');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(rowsOf(table)).toHaveLength(2);
    expect(table).not.toHaveTextContent('Ada Admin');
    expect(screen.queryByRole('combobox', { name: 'Person' })).toBeNull();
    expect(screen.getByText(/Where you are signed in to the console/)).toBeInTheDocument();
    expect(screen.getByText('This browser')).toBeInTheDocument();
  });
});
