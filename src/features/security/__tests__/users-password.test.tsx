import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { chloe, givenSecurityPlatform } from './security-platform';

const NEW_PASSWORD = 'chloe’s first real one';

async function openSetPassword(name: string) {
  const user = userEvent.setup();
  renderApp('/security/users');
  await screen.findByRole('table', { name: 'Users' });
  await user.click(screen.getByRole('button', { name: `Set password for ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Set password for ${name}` });
  return { user, dialog };
}

/** A password field by its label (a required field's label ends with an asterisk). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}`));

describe('/security/users: setting a password', { timeout: 20_000 }, () => {
  it('sends the new password alone to the user’s address, closes, and says their sessions ended', async () => {
    const { passwordsSet } = givenSecurityPlatform();
    const { user, dialog } = await openSetPassword('Chloe Editor');
    expect(dialog).toHaveTextContent(/Chloe Editor’s console sessions end at once/);
    expect(field(dialog, 'New password')).toHaveFocus();

    await user.type(field(dialog, 'New password'), NEW_PASSWORD);
    await user.type(field(dialog, 'Confirm password'), NEW_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));

    await waitForElementToBeRemoved(dialog);
    expect(passwordsSet).toEqual([{ userId: '3', body: { password: NEW_PASSWORD } }]);
    expect(
      await screen.findByText('Password set for Chloe Editor: their console sessions have ended'),
    ).toBeInTheDocument();
    // Focus goes back to the button that opened the dialog.
    expect(screen.getByRole('button', { name: 'Set password for Chloe Editor' })).toHaveFocus();
  });

  it('says beside each field what is wrong, and sends nothing', async () => {
    const { passwordsSet } = givenSecurityPlatform();
    const { user, dialog } = await openSetPassword('Chloe Editor');
    const submit = within(dialog).getByRole('button', { name: 'Set password' });

    await user.type(field(dialog, 'New password'), 'elevenchars');
    await user.type(field(dialog, 'Confirm password'), 'elevenchars');
    await user.click(submit);
    expect(field(dialog, 'New password')).toHaveAccessibleDescription('At least 12 characters');
    expect(field(dialog, 'New password')).toBeInvalid();
    expect(field(dialog, 'New password')).toHaveFocus();

    await user.clear(field(dialog, 'New password'));
    await user.type(field(dialog, 'New password'), NEW_PASSWORD);
    await user.clear(field(dialog, 'Confirm password'));
    await user.type(field(dialog, 'Confirm password'), `${NEW_PASSWORD}!`);
    await user.click(submit);
    expect(field(dialog, 'Confirm password')).toHaveAccessibleDescription(
      'The two passwords do not match',
    );
    expect(field(dialog, 'New password')).toBeValid();
    expect(passwordsSet).toEqual([]);
    expect(dialog).toBeInTheDocument();
  });

  it('keeps a platform refusal in the dialog with its message, status and trace id', async () => {
    givenSecurityPlatform();
    server.use(
      http.put('/api/access/v1/users/:id/password', () =>
        HttpResponse.json(
          { message: 'No user 3', toe: 'TRACE0077' },
          { status: 404, statusText: 'Not Found' },
        ),
      ),
    );
    const { user, dialog } = await openSetPassword('Chloe Editor');
    await user.type(field(dialog, 'New password'), NEW_PASSWORD);
    await user.type(field(dialog, 'Confirm password'), NEW_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The password was not set');
    expect(alert).toHaveTextContent('No user 3');
    expect(alert).toHaveTextContent('Status 404');
    expect(alert).toHaveTextContent('TRACE0077');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
  });

  it('puts a rule of the platform the new password breaks beside it', async () => {
    givenSecurityPlatform();
    server.use(
      http.put('/api/access/v1/users/:id/password', () =>
        HttpResponse.json(
          { message: 'password: not the person’s email address: choose another' },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openSetPassword('Chloe Editor');
    await user.type(field(dialog, 'New password'), 'chloe@example.com');
    await user.type(field(dialog, 'Confirm password'), 'chloe@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));

    await within(dialog).findByText('Not the person’s email address: choose another');
    expect(field(dialog, 'New password')).toHaveAccessibleDescription(
      'Not the person’s email address: choose another',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the Admin their own password too, saying their own sessions end', async () => {
    givenSecurityPlatform();
    const { dialog } = await openSetPassword('Ada Admin');
    expect(dialog).toHaveTextContent(/Your console sessions end at once, this one too/);
  });

  it('offers no Set password to someone who is not an Admin', async () => {
    givenSecurityPlatform({ me: chloe });
    renderApp('/security/users');
    expect(
      await screen.findByRole('heading', { name: 'You need the Admin role' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Set password/ })).toBeNull();
  });
});
