import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { givenDataFiles } from './fake-platform';

const many = Array.from({ length: 12 }, (_, i) => ({
  name: `report-${String(i + 1).padStart(2, '0')}.csv`,
  contents: ['a\n'],
}));

describe('/files', { timeout: 20_000 }, () => {
  it('lists data files by name with their current size, scan state and owner', async () => {
    givenDataFiles([
      { name: 'cities.csv', description: 'Big cities', contents: ['a\n', 'a,b\n1,2\n'] },
      { name: 'held.csv', contents: ['x\n'], scanStates: ['UNSAFE'] },
    ]);
    renderApp('/files');
    const table = await screen.findByRole('table', { name: 'Data files' });
    const row = within(table).getByRole('row', { name: /cities\.csv/ });
    expect(within(row).getByRole('link', { name: 'cities.csv' })).toHaveAttribute(
      'href',
      '/files/1',
    );
    expect(row).toHaveTextContent('Big cities');
    expect(row).toHaveTextContent('8 bytes');
    expect(row).toHaveTextContent('Safe');
    expect(await within(row).findByText('Nia Owner')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /held\.csv/ })).toHaveTextContent('Unsafe');
  });

  it('searches by name and pages through the URL, asking the platform one file more than a page', async () => {
    const user = userEvent.setup();
    const { listRequests } = givenDataFiles(many);
    const { router } = renderApp('/files?pageSize=10');
    const table = await screen.findByRole('table', { name: 'Data files' });
    expect(within(table).getAllByRole('link')).toHaveLength(10);
    expect(listRequests.at(-1)?.get('limit')).toBe('11');

    await user.click(await screen.findByRole('button', { name: /next page/i }));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=10&page=2'));
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(2));
    expect(screen.getByRole('button', { name: /next page/i })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'REPORT-0');
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=10&q=REPORT-0'));
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(9));
    expect(listRequests.at(-1)?.get('nameLike')).toBe('REPORT-0');

    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'nothing');
    expect(await screen.findByText('No data file is named like “nothing”')).toBeInTheDocument();
  });

  it('says so when there are no data files, and shows a failed list with a retry', async () => {
    givenDataFiles([]);
    const { unmount } = renderApp('/files');
    expect(await screen.findByText('No data files yet')).toBeInTheDocument();
    unmount();
    givenDataFiles([], { failList: true });
    renderApp('/files');
    expect(await screen.findByRole('alert')).toHaveTextContent('The platform is resting');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('uploads a new data file named after it by default, and opens its page', async () => {
    const user = userEvent.setup();
    const { files } = givenDataFiles([]);
    const { router } = renderApp('/files');
    await user.click(await screen.findByRole('button', { name: 'Upload data file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a data file' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Choose the file to upload')).toBeInTheDocument();

    await user.upload(
      within(dialog).getByLabelText('Data file'),
      new File(['city\nLyon\n'], 'cities.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('cities.csv');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Big cities');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/files/1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'cities.csv' }),
    ).toBeInTheDocument();
    expect(files[0]).toMatchObject({ name: 'cities.csv', description: 'Big cities' });
    expect(files[0]!.revisions[0]).toMatchObject({ sizeBytes: 10, contentType: 'text/csv' });
  });
});
