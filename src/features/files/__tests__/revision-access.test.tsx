import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { givenDataFiles } from './fake-platform';

const refused = { allowed: false, status: 403, needed: 'responsible user or Admin role' };

describe('a data file the user may not change', { timeout: 20_000 }, () => {
  it('disables “Upload revision” and says what it needs', async () => {
    givenDataFiles([{ name: 'cities.csv', contents: ['city\nLyon\n'] }]);
    server.use(
      http.get('/api/access/v1/data-files/:id', () =>
        HttpResponse.json({
          operations: {
            read: { allowed: true },
            revise: refused,
            update: refused,
            delete: refused,
          },
        }),
      ),
    );
    renderApp('/files/1');
    const action = await screen.findByRole('button', { name: 'Upload revision' });
    expect(action).toBeDisabled();
    expect(screen.getByLabelText('Revision file')).toBeDisabled();
    await userEvent.hover(action.closest('[data-guard="disabled"]') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You need to be its responsible user or have the Admin role',
    );
  });

  it('leaves it enabled for the responsible user', async () => {
    givenDataFiles([{ name: 'cities.csv', contents: ['city\nLyon\n'] }]);
    renderApp('/files/1');
    const action = await screen.findByRole('button', { name: 'Upload revision' });
    await waitFor(() => expect(action).toBeEnabled());
  });

  it('leaves the decision to the platform when the endpoint fails', async () => {
    givenDataFiles([{ name: 'cities.csv', contents: ['city\nLyon\n'] }]);
    server.use(
      http.get('/api/access/v1/data-files/:id', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    );
    renderApp('/files/1');
    const action = await screen.findByRole('button', { name: 'Upload revision' });
    await waitFor(() => expect(action).toBeEnabled());
  });
});
