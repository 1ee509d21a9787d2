import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { givenDataFiles } from './fake-platform';

const first = 'city,population\nLyon,522000\n';
const second = 'city,population\nLyon,522250\nNice,342000\n';

describe('/files/:fileId: unsafe revisions and previews', { timeout: 20_000 }, () => {
  it('does not download an Unsafe revision on one click: a dialog names the finding first', async () => {
    const user = userEvent.setup();
    givenDataFiles([
      { name: 'cities.csv', contents: [first, second], scanStates: ['SAFE', 'UNSAFE'] },
    ]);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/files/1');
    const table = await screen.findByRole('table', { name: 'Revisions' });
    const [newest, oldest] = within(table).getAllByRole('row').slice(1);
    expect(newest).toHaveTextContent('Unsafe');
    expect(screen.getByRole('combobox', { name: 'Second revision' })).toHaveTextContent(
      /^Revision 2 · .* · Unsafe$/,
    );
    // The safe revision stays a plain link; the unsafe one is a button that asks first.
    expect(within(oldest!).getByRole('link', { name: 'Download Revision 1' })).toBeVisible();
    expect(within(newest!).queryByRole('link', { name: 'Download Revision 2' })).toBeNull();
    await user.click(within(newest!).getByRole('button', { name: 'Download Revision 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download an unsafe file?' });
    expect(dialog).toHaveTextContent('flagged Revision 2 of cities.csv as Unsafe');
    expect(clicks).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(clicks).not.toHaveBeenCalled();

    // The header's "Download current" asks too; confirming downloads through the gateway's path.
    await user.click(screen.getByRole('button', { name: 'Download current' }));
    const again = await screen.findByRole('dialog', { name: 'Download an unsafe file?' });
    await user.click(within(again).getByRole('button', { name: 'Download anyway' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    const link = clicks.mock.contexts[0] as HTMLAnchorElement;
    // The platform answers an unsafe revision only to a download that says it was warned.
    expect(link.getAttribute('href')).toBe(
      '/api/data/v1/data-files/1/revisions/101?acknowledgeUnsafe=true',
    );
    expect(link.download).toBe('cities.csv');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    clicks.mockRestore();
  });

  it('shows the refusal of a revision flagged since it was read, with its status and trace id, then asks', async () => {
    const user = userEvent.setup();
    const { files } = givenDataFiles([
      { name: 'cities.csv', contents: [first], scanStates: ['PENDING'] },
    ]);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/files/1');
    const table = await screen.findByRole('table', { name: 'Revisions' });
    // The scan ends meanwhile and finds it unsafe; the page still says Pending.
    files[0]!.revisions[0]!.scanState = 'UNSAFE';
    await user.click(within(table).getByRole('link', { name: 'Download Revision 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download an unsafe file?' });
    expect(await within(dialog).findByText('The platform refused the download')).toBeVisible();
    expect(dialog).toHaveTextContent('The virus scan found revision 100 UNSAFE');
    expect(dialog).toHaveTextContent('Status 409 Conflict');
    expect(dialog).toHaveTextContent('Trace id TOE-UNSAFE-1');
    // Nothing was handed to the browser's downloads.
    expect(clicks).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Download anyway' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect((clicks.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe(
      '/api/data/v1/data-files/1/revisions/100?acknowledgeUnsafe=true',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    clicks.mockRestore();
  });

  it('shows any other refusal of a download with its status', async () => {
    const user = userEvent.setup();
    givenDataFiles([{ name: 'cities.csv', contents: [first], scanStates: ['PENDING'] }]);
    server.use(
      http.get('/api/data/v1/data-files/:id/revisions/:rid', () =>
        HttpResponse.json(
          { status: 403, statusReason: 'Forbidden', message: 'No read access', toe: 'TOE-2' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/files/1');
    const table = await screen.findByRole('table', { name: 'Revisions' });
    await user.click(within(table).getByRole('link', { name: 'Download Revision 1' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Revision 1 of cities.csv was not downloaded',
    });
    expect(await within(dialog).findByText('No read access')).toBeVisible();
    expect(dialog).toHaveTextContent('Status 403 Forbidden');
    expect(dialog).toHaveTextContent('Trace id TOE-2');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('previews the first rows of a CSV revision as a table before downloading', async () => {
    const user = userEvent.setup();
    givenDataFiles([{ name: 'cities.csv', contents: [first] }]);
    const asked: string[] = [];
    server.use(
      http.get('/api/data/v1/data-files/:id/revisions/:rid/preview', ({ request, params }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          dataFileRevisionId: Number(params.rid),
          contentType: 'text/csv',
          scanState: 'SAFE',
          format: 'csv',
          lines: ['city,population', 'Lyon,522000'],
          rows: [
            ['city', 'population'],
            ['Lyon', '522000'],
          ],
          truncated: true,
        });
      }),
    );
    renderApp('/files/1');
    const table = await screen.findByRole('table', { name: 'Revisions' });
    expect(asked).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Preview Revision 1' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Preview of Revision 1 of cities.csv',
    });
    const rows = within(
      await within(dialog).findByRole('table', { name: 'Preview of Revision 1' }),
    ).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('citypopulation');
    expect(rows[1]).toHaveTextContent('Lyon522000');
    expect(dialog).toHaveTextContent('The first 1 row; download the file for the rest.');
    expect(within(dialog).getByRole('link', { name: 'Download Revision 1' })).toHaveAttribute(
      'href',
      '/api/data/v1/data-files/1/revisions/100',
    );
    expect(asked).toEqual(['?lines=20']);
  });
});
