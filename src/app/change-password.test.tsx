import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GatewayStatus } from '../api/contract';
import { aGatewayStatus } from '../test/data';
import { renderApp } from '../test/render';
import { server } from '../test/server';

type Mode = NonNullable<GatewayStatus['auth']>['mode'];
const ada = { name: 'Ada Admin', email: 'ada@example.com', userId: 7 };

/** A person signed in (team sign-in) while `session.signedIn`; what the platform was sent. */
function givenSignedIn(mode: Mode = 'platform') {
  const session = { signedIn: true, signOuts: 0 };
  const sent: { userId: string; body: unknown }[] = [];
  server.use(
    http.get('/gateway/status', () =>
      HttpResponse.json(aGatewayStatus({ auth: { mode, person: session.signedIn ? ada : null } })),
    ),
    http.post('/gateway/sign-out', () => {
      session.signOuts += 1;
      session.signedIn = false;
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('/api/access/v1/users/:id/password', async ({ params, request }) => {
      sent.push({ userId: String(params.id), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { session, sent };
}

async function openChangePassword() {
  const user = userEvent.setup();
  const view = renderApp('/nowhere');
  await user.click(await screen.findByRole('button', { name: 'Signed in as Ada Admin · Admin' }));
  const menu = await screen.findByRole('dialog', { name: 'Ada Admin' });
  await user.click(within(menu).getByRole('menuitem', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change password' });
  return { ...view, user, dialog };
}

/** A password field by its label (a required field's label ends with an asterisk). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}`));

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: { current: string; next: string; confirm?: string },
) {
  if (values.current) await user.type(field(dialog, 'Current password'), values.current);
  await user.type(field(dialog, 'New password'), values.next);
  await user.type(field(dialog, 'Confirm password'), values.confirm ?? values.next);
  await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
}

describe('user menu: Change password', { timeout: 20_000 }, () => {
  it('sends the current and the new password for the person, then signs out to sign in again', async () => {
    const { session, sent } = givenSignedIn();
    const { user, dialog, router } = await openChangePassword();
    expect(field(dialog, 'Current password')).toHaveFocus();

    await fill(user, dialog, { current: 'ada’s password now', next: 'ada’s brand new one' });

    expect(
      await screen.findByText('Password changed: sign in with your new password'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        userId: '7',
        body: { currentPassword: 'ada’s password now', password: 'ada’s brand new one' },
      },
    ]);
    expect(session.signOuts).toBe(1);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('says beside "Current password" that it is wrong, and keeps the person signed in', async () => {
    const { session } = givenSignedIn();
    server.use(
      http.put('/api/access/v1/users/:id/password', () =>
        HttpResponse.json(
          { message: 'currentPassword is not your password now', reason: 'INVALID_CREDENTIALS' },
          { status: 401 },
        ),
      ),
    );
    const { user, dialog, router } = await openChangePassword();

    await fill(user, dialog, { current: 'not what ada has', next: 'ada’s brand new one' });

    await waitFor(() =>
      expect(field(dialog, 'Current password')).toHaveAccessibleDescription(
        'This is not your password now',
      ),
    );
    expect(field(dialog, 'Current password')).toBeInvalid();
    expect(field(dialog, 'Current password')).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nowhere');
    expect(session.signOuts).toBe(0);
  });

  it('checks the new password typed twice before sending anything', async () => {
    const { sent } = givenSignedIn();
    const { user, dialog } = await openChangePassword();

    await fill(user, dialog, { current: '', next: 'short', confirm: 'shorter' });
    expect(field(dialog, 'Current password')).toHaveAccessibleDescription(
      'Enter the password you have now',
    );
    expect(field(dialog, 'New password')).toHaveAccessibleDescription('At least 12 characters');
    expect(field(dialog, 'Confirm password')).toHaveAccessibleDescription(
      'The two passwords do not match',
    );
    expect(sent).toEqual([]);
  });

  it('shows another refusal in the dialog with its status and trace id', async () => {
    givenSignedIn();
    server.use(
      http.put('/api/access/v1/users/:id/password', () =>
        HttpResponse.json(
          { message: 'The platform is busy', toe: 'TRACE0099' },
          { status: 429, statusText: 'Too Many Requests' },
        ),
      ),
    );
    const { user, dialog } = await openChangePassword();
    await fill(user, dialog, { current: 'ada’s password now', next: 'ada’s brand new one' });

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your password was not changed');
    expect(alert).toHaveTextContent('Status 429');
    expect(alert).toHaveTextContent('TRACE0099');
  });

  it('closes on Cancel, forgets what was typed, and gives focus back to the user button', async () => {
    givenSignedIn();
    const { user, dialog } = await openChangePassword();
    await user.type(field(dialog, 'Current password'), 'half typed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    const button = screen.getByRole('button', { name: 'Signed in as Ada Admin · Admin' });
    expect(button).toHaveFocus();

    await user.click(button);
    const menu = await screen.findByRole('dialog', { name: 'Ada Admin' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Change password' }));
    const again = await screen.findByRole('dialog', { name: 'Change password' });
    expect(field(again, 'Current password')).toHaveValue('');
  });

  it.each<Mode>(['none', 'oidc'])('is not offered in mode %s', async (mode) => {
    givenSignedIn(mode);
    const user = userEvent.setup();
    renderApp('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Signed in as Ada Admin · Admin' }));
    const menu = await screen.findByRole('dialog', { name: 'Ada Admin' });
    expect(within(menu).queryByRole('menuitem', { name: 'Change password' })).toBeNull();
  });
});
