import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { givenDataFiles } from './fake-platform';

const first = 'city,population\nLyon,522000\n';
const second = 'city,population\nLyon,522250\nNice,342000\n';

describe('/files/:fileId', { timeout: 20_000 }, () => {
  it('names an address that is no id as such, and asks the platform nothing', async () => {
    const asked: string[] = [];
    givenDataFiles([{ name: 'cities.csv', contents: [first] }]);
    const listener = ({ request }: { request: Request }) =>
      void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', listener);
    try {
      renderApp('/files/details');
      expect(await screen.findByText('No data file “details”')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'All data files' })).toHaveAttribute(
        'href',
        '/files',
      );
      expect(screen.queryByText(/-1/)).toBeNull();
      expect(asked.filter((p) => p.includes('/data-files/'))).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('shows each revision with its size, uploader, scan state, hashes and a download link', async () => {
    const { hash } = givenDataFiles([
      { name: 'cities.csv', contents: [first, second], scanStates: ['SAFE', 'PENDING'] },
    ]);
    renderApp('/files/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'cities.csv' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Revisions' });
    const [newest, oldest] = within(table).getAllByRole('row').slice(1);
    expect(newest).toHaveTextContent(/Revision 2\s*Current/);
    expect(newest).toHaveTextContent('Scan pending');
    expect(newest).toHaveTextContent(hash('sha256', second));
    expect(oldest).toHaveTextContent('Revision 1');
    expect(oldest).toHaveTextContent(`${first.length} bytes`);
    expect(oldest).toHaveTextContent(hash('md5', first));
    expect(await within(oldest!).findByText('Nia Owner')).toBeInTheDocument();
    expect(
      within(oldest!).getByRole('button', { name: 'Copy SHA-256 of Revision 1' }),
    ).toBeInTheDocument();
    const download = within(oldest!).getByRole('link', { name: 'Download Revision 1' });
    expect(download).toHaveAttribute('href', '/api/data/v1/data-files/1/revisions/100');
    expect(download).toHaveAttribute('download', 'cities.csv');
  });

  it('compares two revisions: the size difference and whether the hashes match', async () => {
    const user = userEvent.setup();
    givenDataFiles([{ name: 'cities.csv', contents: [first, second, first] }]);
    renderApp('/files/1');
    const comparison = await screen.findByRole('status', { name: 'Comparison' });
    // Oldest against newest by default: the same bytes.
    expect(within(comparison).getByRole('group', { name: 'Size' })).toHaveTextContent('Same size');
    expect(within(comparison).getByRole('group', { name: 'SHA-256' })).toHaveTextContent('Match');

    await user.click(screen.getByRole('combobox', { name: 'Second revision' }));
    await user.click(await screen.findByRole('option', { name: /^Revision 2/ }));
    expect(within(comparison).getByRole('group', { name: 'Size' })).toHaveTextContent(
      `${first.length} bytes → ${second.length} bytes (${second.length - first.length} bytes larger)`,
    );
    expect(within(comparison).getByRole('group', { name: 'MD5' })).toHaveTextContent('Differ');
    expect(within(comparison).getByRole('group', { name: 'SHA-256' })).toHaveTextContent('Differ');
  });

  it('uploads a new revision with a progress bar; it becomes the current one', async () => {
    const user = userEvent.setup();
    const { hash } = givenDataFiles([{ name: 'cities.csv', contents: [first] }]);
    renderApp('/files/1');
    expect(await screen.findByText('Nothing to compare yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New revision' });
    await user.click(within(form).getByRole('button', { name: 'Upload revision' }));
    expect(within(form).getByText('Choose the file to upload')).toBeInTheDocument();

    await user.upload(
      within(form).getByLabelText('Revision file'),
      new File([second], 'v2.csv', { type: 'text/csv' }),
    );
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put('/api/data/v1/data-files/:id', async () => {
        // Answers nothing: once released, the fake platform's handler takes the request.
        await gate;
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Upload revision' }));
    expect(
      await within(form).findByRole('progressbar', { name: 'Upload progress' }),
    ).toBeInTheDocument();
    release();
    expect(
      await within(form).findByText(/v2\.csv .* is the current revision now/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Revisions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(hash('sha256', second));
    const comparison = screen.getByRole('status', { name: 'Comparison' });
    expect(within(comparison).getByRole('group', { name: 'SHA-256' })).toHaveTextContent('Differ');
  });

  it("shows the platform's refusal of a revision, and a missing file as not found", async () => {
    const user = userEvent.setup();
    givenDataFiles([{ name: 'cities.csv', contents: [first] }]);
    const { unmount } = renderApp('/files/1');
    const form = await screen.findByRole('form', { name: 'New revision' });
    await user.upload(
      within(form).getByLabelText('Revision file'),
      new File(['TOO BIG'], 'big.csv'),
    );
    await user.click(within(form).getByRole('button', { name: 'Upload revision' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('larger than 10 MiB');
    unmount();

    renderApp('/files/42');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found, or you have no access');
  });
});
