import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aFileset, givenFilesets } from './fake-platform';

const refused = { allowed: false, status: 403, needed: 'fileset owner or Admin role' };

describe('a fileset the user does not own', { timeout: 20_000 }, () => {
  it('disables “Upload files” and says what it needs', async () => {
    givenFilesets([{ fileset: aFileset(), files: [] }]);
    server.use(
      http.get('/api/access/v1/filesets/:id', () =>
        HttpResponse.json({
          operations: { read: { allowed: true }, uploadFile: refused, deleteFile: refused },
        }),
      ),
    );
    renderApp(`/filesets?fileset=${aFileset().id}`);
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    const action = await screen.findByText('Upload files');
    const guard = action.closest('[data-guard="disabled"]') as HTMLElement;
    expect(guard).not.toBeNull();
    expect(screen.getByLabelText('Files to upload')).toBeDisabled();
    await userEvent.hover(guard);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You need to own this fileset or have the Admin role',
    );
  });

  it('disables “Delete” in the open file, with the reason', async () => {
    givenFilesets([{ fileset: aFileset(), files: [{ path: 'readme.md', content: 'Hi' }] }]);
    server.use(
      http.get('/api/access/v1/filesets/:id', () =>
        HttpResponse.json({
          operations: { read: { allowed: true }, uploadFile: refused, deleteFile: refused },
        }),
      ),
    );
    renderApp(`/filesets?fileset=${aFileset().id}&file=${aFileset().id}-file-0`);
    const drawer = await screen.findByRole('dialog', { name: 'readme.md' });
    const action = within(drawer).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(action.closest('[data-guard="disabled"]')).not.toBeNull());
    expect(action).toBeDisabled();
    await userEvent.hover(action.closest('[data-guard="disabled"]') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You need to own this fileset or have the Admin role',
    );
  });

  it('lets the owner delete a file after confirming; it leaves the listing', async () => {
    const user = userEvent.setup();
    const { state } = givenFilesets([
      { fileset: aFileset(), files: [{ path: 'readme.md', content: 'Hi' }] },
    ]);
    renderApp(`/filesets?fileset=${aFileset().id}&file=${aFileset().id}-file-0`);
    const drawer = await screen.findByRole('dialog', { name: 'readme.md' });
    const action = within(drawer).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(action).toBeEnabled());
    await user.click(action);
    const confirm = await screen.findByRole('dialog', { name: 'Delete readme.md?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    expect(state[0]!.files).toEqual([]);
  });

  it('leaves it enabled for the owner', async () => {
    givenFilesets([{ fileset: aFileset(), files: [] }]);
    renderApp(`/filesets?fileset=${aFileset().id}`);
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    await screen.findByText('Upload files');
    await expect.poll(() => screen.getByLabelText('Files to upload')).not.toBeDisabled();
    expect(screen.getByText('Upload files').closest('[data-guard="disabled"]')).toBeNull();
  });
});
