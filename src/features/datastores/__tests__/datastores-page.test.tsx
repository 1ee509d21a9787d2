import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aCollection, aDatastore } from '../../../test/data';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('/datastores', () => {
  it('lists the datastores by name, each a link to its collections', async () => {
    const archive = aDatastore({ id: 'ds/archive 1', name: 'Archive', owner: 1002 });
    server.use(http.get('/api/datastores/v1/', () => HttpResponse.json([aDatastore(), archive])));

    renderApp('/datastores');

    const table = await screen.findByRole('table', { name: 'Datastores' });
    const links = within(table).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Archive', 'Inventory']);
    expect(within(table).getByRole('link', { name: 'Archive' })).toHaveAttribute(
      'href',
      '/datastores/ds%2Farchive%201',
    );
    const archiveRow = within(table).getByRole('link', { name: 'Archive' }).closest('tr')!;
    expect(within(archiveRow).getByText('ds/archive 1')).toBeInTheDocument();
    // The owner by name, not by id (the platform's user 1002).
    expect(await within(archiveRow).findByText('Omar Editor')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Document store' })).toBeInTheDocument();
    expect(document.title).toBe('Document store · Platform Console');
  });

  it('counts each datastore’s collections', async () => {
    const archive = aDatastore({ id: 'ds-archive', name: 'Archive' });
    server.use(
      http.get('/api/datastores/v1/', () => HttpResponse.json([aDatastore(), archive])),
      http.get('/api/datastores/v1/collections', () =>
        HttpResponse.json([
          aCollection({ id: 'c1', datastoreId: aDatastore().id }),
          aCollection({ id: 'c2', datastoreId: aDatastore().id }),
        ]),
      ),
    );
    renderApp('/datastores');
    const table = await screen.findByRole('table', { name: 'Datastores' });
    const count = (name: string) =>
      within(within(table).getByRole('link', { name }).closest('tr')!).getAllByRole('cell')[2];
    await vi.waitFor(() => expect(count('Inventory')).toHaveTextContent('2'));
    expect(count('Archive')).toHaveTextContent('0');
  });

  it('shows skeletons while loading', async () => {
    server.use(http.get('/api/datastores/v1/', () => new Promise<Response>(() => {})));
    renderApp('/datastores');
    expect(await screen.findByRole('status', { name: 'Loading datastores' })).toBeInTheDocument();
  });

  it('says so when there is no datastore', async () => {
    server.use(http.get('/api/datastores/v1/', () => HttpResponse.json([])));
    renderApp('/datastores');
    expect(await screen.findByRole('heading', { name: 'No datastores yet' })).toBeInTheDocument();
  });

  it('shows a failed first load in place, and Retry asks again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/datastores/v1/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              {
                message: 'boom',
                status: 500,
                statusReason: 'Internal Server Error',
                toe: 'TOE-500',
              },
              { status: 500 },
            )
          : HttpResponse.json([aDatastore()]);
      }),
    );
    renderApp('/datastores');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('boom')).toBeInTheDocument();
    expect(within(alert).getByText('TOE-500')).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Inventory' })).toBeInTheDocument();
  });

  it('refuses an answer that does not match the contract', async () => {
    server.use(
      http.get('/api/datastores/v1/', () =>
        HttpResponse.json([{ ...aDatastore(), owner: 'alice' }]),
      ),
    );
    renderApp('/datastores');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The platform sent an unexpected answer')).toBeInTheDocument();
    expect(within(alert).getByText(/\[0\]\.owner/)).toBeInTheDocument();
  });
});
