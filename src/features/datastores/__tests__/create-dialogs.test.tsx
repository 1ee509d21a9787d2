import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aCollection, aDatastore, aDocumentStoreError } from '../../../test/data';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import type { Collection } from '../../../api/contract';

vi.setConfig({ testTimeout: 20_000 });

const datastore = aDatastore();

describe('New datastore', () => {
  it('needs a name, creates it with {name}, and opens it', async () => {
    const user = userEvent.setup({ delay: null });
    const created = aDatastore({ id: 'ds-new', name: 'Field service' });
    let body: unknown;
    let listed = [datastore];
    server.use(
      http.get('/api/datastores/v1/', () => HttpResponse.json(listed)),
      http.post('/api/datastores/v1/', async ({ request }) => {
        body = await request.json();
        listed = [datastore, created];
        return HttpResponse.json(created);
      }),
      http.get('/api/datastores/v1/collections', () => HttpResponse.json([])),
    );
    const { router } = renderApp('/datastores');

    await user.click(await screen.findByRole('button', { name: 'New datastore' }));
    const dialog = await screen.findByRole('dialog', { name: 'New datastore' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Create datastore' }));
    expect(name).toHaveAccessibleDescription('Enter a name');
    expect(body).toBeUndefined();

    await user.type(name, ' Field service ');
    await user.click(within(dialog).getByRole('button', { name: 'Create datastore' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Field service' }),
    ).toBeInTheDocument();
    expect(body).toEqual({ name: 'Field service' });
    expect(router.state.location.pathname).toBe('/datastores/ds-new');
    expect(await screen.findByText('Datastore Field service created')).toBeInTheDocument();
    expect(await screen.findByText('This datastore has no collections yet')).toBeInTheDocument();
  });

  it("shows the platform's refusal beside the field and with its trace id", async () => {
    const user = userEvent.setup({ delay: null });
    server.use(
      http.get('/api/datastores/v1/', () => HttpResponse.json([datastore])),
      http.post('/api/datastores/v1/', () =>
        HttpResponse.json(
          aDocumentStoreError({
            status: 400,
            statusReason: 'Bad Request',
            message: 'name: a datastore with this name exists',
          }),
          { status: 400 },
        ),
      ),
    );
    renderApp('/datastores');
    await user.click(await screen.findByRole('button', { name: 'New datastore' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Inventory');
    await user.click(within(dialog).getByRole('button', { name: 'Create datastore' }));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Could not create the datastore')).toBeInTheDocument();
    expect(within(alert).getByText(/Status 400 Bad Request/)).toBeInTheDocument();
    expect(within(alert).getByText('TOE-4F2A9C1B7E')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'A datastore with this name exists',
    );
  });
});

describe('New collection', () => {
  function given() {
    server.use(
      http.get('/api/datastores/v1/', () => HttpResponse.json([datastore])),
      http.get('/api/datastores/v1/collections', () => HttpResponse.json([])),
    );
  }

  it('creates it with a name, initial columns and sync, and opens it', async () => {
    const user = userEvent.setup({ delay: null });
    given();
    // What the dialog sends, and what the platform answers with.
    const sent: Pick<Collection, 'name' | 'syncEnabled' | 'schema'> = {
      name: 'visits',
      syncEnabled: true,
      schema: {
        columns: [
          { name: 'site', type: 'STRING' },
          { name: 'minutes', type: 'LONG' },
        ],
      },
    };
    const created = aCollection({ id: 'c-new', ...sent });
    let body: unknown;
    server.use(
      http.post('/api/datastores/v1/:datastoreId/collections', async ({ request, params }) => {
        expect(params.datastoreId).toBe(datastore.id);
        body = await request.json();
        return HttpResponse.json(created);
      }),
      http.get('/api/datastores/v1/collections/:id', () => HttpResponse.json(created)),
    );
    const { router } = renderApp(`/datastores/${datastore.id}`);

    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'visits');
    const add = within(dialog).getByRole('button', { name: 'Add column' });
    await user.click(add);
    await user.type(within(dialog).getByRole('textbox', { name: 'Column 1 name' }), 'site');
    await user.click(add);
    await user.type(within(dialog).getByRole('textbox', { name: 'Column 2 name' }), 'minutes');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Column 2 type' }),
      'LONG',
    );
    const sync = within(dialog).getByRole('switch', { name: 'Sync enabled' });
    expect(sync).not.toBeChecked();
    await user.click(sync);

    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'visits' })).toBeInTheDocument();
    expect(body).toEqual(sent);
    expect(router.state.location.pathname).toBe(`/datastores/${datastore.id}/collections/c-new`);
    expect(screen.getByText('Collection visits created')).toBeInTheDocument();
  });

  it('sends no schema when no column was added, and checks the columns it has', async () => {
    const user = userEvent.setup({ delay: null });
    given();
    let body: unknown;
    server.use(
      http.post('/api/datastores/v1/:datastoreId/collections', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aCollection({ id: 'c-2', name: 'notes' }));
      }),
      http.get('/api/datastores/v1/collections/:id', () =>
        HttpResponse.json(aCollection({ id: 'c-2', name: 'notes' })),
      ),
    );
    renderApp(`/datastores/${datastore.id}`);
    await user.click(await screen.findByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'notes');
    await user.click(within(dialog).getByRole('button', { name: 'Add column' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    expect(
      within(dialog).getByRole('textbox', { name: 'Column 1 name' }),
    ).toHaveAccessibleDescription('A column needs a name');
    expect(body).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Remove column 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(body).toEqual({ name: 'notes', syncEnabled: false }));
  });
});
