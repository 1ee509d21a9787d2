import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Collection, CollectionSyncStatus } from '../../../../api/contract';
import { aCollection, aDatastore, aDocumentStoreError } from '../../../../test/data';
import { renderApp } from '../../../../test/render';
import { server } from '../../../../test/server';

const datastore = aDatastore();
const collectionUrl = '/api/datastores/v1/collections/:collectionId';
const statusUrl = '/api/datastores/v1/collections/:collectionId/sync';

const aSyncStatus = (overrides: Partial<CollectionSyncStatus> = {}): CollectionSyncStatus => ({
  collectionId: aCollection().id,
  running: false,
  lastSync: '2026-03-04T15:45:00.000Z',
  syncRequired: false,
  lastError: null,
  datasourceId: 'ds-7c6b5a49',
  rowCount: 412,
  ...overrides,
});

/** The platform as the settings tab sees it; each test overrides what it is about. */
function given(collection: Collection = aCollection(), status = aSyncStatus()) {
  const calls = { collection: 0, status: 0 };
  server.use(
    http.get('/api/datastores/v1/', () => HttpResponse.json([datastore])),
    http.get('/api/datastores/v1/collections', () => HttpResponse.json([collection])),
    http.get(collectionUrl, () => {
      calls.collection += 1;
      return HttpResponse.json(collection);
    }),
    http.get(statusUrl, () => {
      calls.status += 1;
      return HttpResponse.json(status);
    }),
  );
  return calls;
}

async function openSettings(collection: Collection = aCollection()) {
  const user = userEvent.setup({ delay: null });
  const view = renderApp(
    `/datastores/${collection.datastoreId}/collections/${collection.id}/settings`,
  );
  await screen.findByRole('tab', { name: 'Settings', selected: true });
  await screen.findByRole('table', { name: 'Schema editor' });
  return { user, ...view };
}

const editor = () => screen.getByRole('table', { name: 'Schema editor' });
const nameField = (n: number) => screen.getByRole('textbox', { name: `Column ${n} name` });
const typeField = (n: number) => screen.getByRole('combobox', { name: `Column ${n} type` });
const saveSchema = () => screen.getByRole('button', { name: 'Save schema' });
const value = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByRole('definition');

// Whole screens in jsdom, with MUI: slower than a unit, well within a journey.
vi.setConfig({ testTimeout: 20_000 });

describe('collection settings: schema editor', () => {
  it('starts from the saved schema, one row per column with the six types', async () => {
    given();
    await openSettings();

    expect(screen.getByRole('heading', { level: 2, name: 'Schema' })).toBeInTheDocument();
    expect(within(editor()).getAllByRole('row')).toHaveLength(4);
    expect(nameField(1)).toHaveValue('sku');
    expect(typeField(2)).toHaveValue('DECIMAL');
    expect(nameField(3)).toHaveValue('stocked');
    expect(
      within(typeField(1))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['STRING', 'LONG', 'DECIMAL', 'DOUBLE', 'DATE', 'DATETIME']);
    expect(saveSchema()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move column 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move column 3 down' })).toBeDisabled();
  });

  it('refuses an empty name and duplicate names, beside the fields, and sends nothing', async () => {
    given();
    let puts = 0;
    server.use(
      http.put(collectionUrl, () => {
        puts += 1;
        return HttpResponse.json(aCollection());
      }),
    );
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Add column' }));
    await waitFor(() => expect(nameField(4)).toHaveFocus());
    await user.click(saveSchema());
    // The form validates asynchronously: on a loaded machine the message can come a beat later.
    await waitFor(() => expect(nameField(4)).toHaveAccessibleDescription('A column needs a name'));
    expect(nameField(4)).toBeInvalid();

    await user.type(nameField(4), ' SKU ');
    await user.click(saveSchema());
    await waitFor(() =>
      expect(nameField(4)).toHaveAccessibleDescription('Another column has this name'),
    );
    expect(nameField(1)).toHaveAccessibleDescription('Another column has this name');
    expect(nameField(2)).not.toBeInvalid();

    await user.clear(nameField(4));
    await user.type(nameField(4), 'sold');
    await waitFor(() => expect(nameField(1)).not.toBeInvalid());
    expect(nameField(4)).not.toBeInvalid();

    await user.type(nameField(2), 'Sold');
    await user.clear(nameField(2));
    await user.type(nameField(2), 'sold');
    await waitFor(() => expect(nameField(4)).toBeInvalid());
    await user.click(screen.getByRole('button', { name: 'Remove column 4' }));
    await waitFor(() => expect(nameField(2)).not.toBeInvalid());
    expect(puts).toBe(0);
  });

  it('saves exactly the edited schema, says so, and refreshes the collection', async () => {
    const calls = given();
    let body: unknown;
    const columns = [
      { name: 'price', type: 'DOUBLE' },
      { name: 'sku', type: 'STRING' },
      { name: 'shipped', type: 'DATE' },
    ] as const;
    server.use(
      http.put(collectionUrl, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aCollection({ schema: { columns: [...columns] } }));
      }),
    );
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Move column 2 up' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move column 1 down' })).toHaveFocus(),
    );
    await user.selectOptions(typeField(1), 'DOUBLE');
    await user.click(screen.getByRole('button', { name: 'Remove column 3' }));
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    await user.type(nameField(3), 'shipped');
    await user.selectOptions(typeField(3), 'DATE');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    const loads = calls.collection;

    await user.click(saveSchema());

    expect(await screen.findByText('Schema saved')).toBeInTheDocument();
    expect(body).toEqual({ schema: { columns } });
    await waitFor(() => expect(calls.collection).toBeGreaterThan(loads));
    expect(saveSchema()).toBeDisabled();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('Reset goes back to the saved schema', async () => {
    given();
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Remove column 1' }));
    await user.clear(nameField(1));
    await user.type(nameField(1), 'cost');

    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(nameField(1)).toHaveValue('sku');
    expect(nameField(2)).toHaveValue('price');
    expect(nameField(3)).toHaveValue('stocked');
    expect(saveSchema()).toBeDisabled();
  });

  it("shows the platform's refusal with its status and trace id, and its field beside it", async () => {
    given();
    server.use(
      http.put(collectionUrl, () =>
        HttpResponse.json(
          aDocumentStoreError({
            status: 400,
            statusReason: 'Bad Request',
            message: 'schema.columns.0.name: too long for the dataset',
          }),
          { status: 400 },
        ),
      ),
    );
    const { user } = await openSettings();
    await user.type(nameField(1), 'x');
    await user.click(saveSchema());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not save the schema')).toBeInTheDocument();
    expect(within(alert).getByText(/Status 400 Bad Request/)).toBeInTheDocument();
    expect(within(alert).getByText('TOE-4F2A9C1B7E')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Copy trace id' })).toBeInTheDocument();
    expect(nameField(1)).toHaveAccessibleDescription('Too long for the dataset');
  });

  it('asks before leaving with unsaved changes', async () => {
    given();
    const { user } = await openSettings();
    await user.type(nameField(1), '2');

    await user.click(screen.getByRole('tab', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nameField(1)).toHaveValue('sku2');

    await user.click(screen.getByRole('tab', { name: 'Details' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Schema columns' })).toBeInTheDocument();
  });
});

describe('collection settings: name', () => {
  it('renames with exactly {name}', async () => {
    given();
    let body: unknown;
    server.use(
      http.put(collectionUrl, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aCollection({ name: 'articles' }));
      }),
    );
    const { user } = await openSettings();
    const name = screen.getByRole('textbox', { name: 'Collection name' });

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Enter a name'));

    await user.type(name, '  articles ');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Collection renamed to articles')).toBeInTheDocument();
    expect(body).toEqual({ name: 'articles' });
  });
});

describe('collection settings: sync', () => {
  it('shows the status: last sync, the linked dataset and its rows', async () => {
    given();
    await openSettings();
    expect(await screen.findByText('Idle')).toBeInTheDocument();
    expect(value('Sync required')).toHaveTextContent('No');
    expect(value('Last sync')).toHaveTextContent(/ago/);
    expect(within(value('Last sync')).getByText(/2026/)).toHaveAttribute(
      'title',
      '2026-03-04T15:45:00.000Z',
    );
    expect(within(value('Linked dataset')).getByRole('link')).toHaveAttribute(
      'href',
      '/datasets/ds-7c6b5a49',
    );
    expect(value('Dataset rows')).toHaveTextContent('412');
    expect(screen.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('shows the last failure with its reason and time', async () => {
    given(
      aCollection(),
      aSyncStatus({
        lastError: {
          message: 'document d-17: orderDate "17/03/2026" is not a DATE (YYYY-MM-DD)',
          at: '2026-03-05T08:00:00.000Z',
        },
      }),
    );
    await openSettings();
    const failure = (await screen.findByText('The last sync failed')).closest('[role="alert"]');
    expect(failure).toHaveTextContent('orderDate "17/03/2026" is not a DATE');
    expect(failure?.querySelector('time')).toHaveAttribute('title', '2026-03-05T08:00:00.000Z');
  });

  it('polls every second while a sync runs, and stops when it is done', async () => {
    given();
    const answers = [
      aSyncStatus({ running: true, syncRequired: true }),
      aSyncStatus({ running: true, syncRequired: true }),
      aSyncStatus({ running: false, lastSync: '2026-03-05T09:00:00.000Z', rowCount: 420 }),
    ];
    let asked = 0;
    server.use(
      http.get(statusUrl, () => HttpResponse.json(answers[Math.min(asked++, answers.length - 1)])),
    );
    await openSettings();

    expect(await screen.findByText('Sync running…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(await screen.findByText('Idle', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(value('Dataset rows')).toHaveTextContent('420');
    expect(asked).toBe(3);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(asked).toBe(3);
  });

  it('Sync now runs the datastore sync, shows it running, then the new status', async () => {
    given();
    let current = aSyncStatus();
    const done = aSyncStatus({ lastSync: '2026-03-05T09:30:00.000Z', rowCount: 433 });
    let posted = '';
    server.use(
      http.get(statusUrl, () => HttpResponse.json(current)),
      http.post('/api/datastores/v1/export/:datastoreId', async ({ params }) => {
        posted = String(params.datastoreId);
        current = aSyncStatus({ running: true });
        await delay(1500);
        current = done;
        return HttpResponse.json({ datastoreId: datastore.id, collections: [done] });
      }),
    );
    const { user } = await openSettings();
    await screen.findByText('Idle');

    await user.click(screen.getByRole('button', { name: 'Sync now' }));

    expect(await screen.findByText('Sync running…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(await screen.findByText('Sync finished')).toBeInTheDocument();
    expect(posted).toBe(datastore.id);
    expect(await screen.findByText('Idle')).toBeInTheDocument();
    expect(value('Dataset rows')).toHaveTextContent('433');
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('a 423 reads "A sync of this datastore is already running"', async () => {
    given();
    server.use(
      http.post('/api/datastores/v1/export/:datastoreId', () =>
        HttpResponse.json(
          aDocumentStoreError({
            status: 423,
            statusReason: 'Locked',
            message: 'A sync of datastore x is running; try again when it has finished',
          }),
          { status: 423 },
        ),
      ),
    );
    const { user } = await openSettings();
    await screen.findByText('Idle');
    server.use(http.get(statusUrl, () => HttpResponse.json(aSyncStatus({ running: true }))));

    await user.click(screen.getByRole('button', { name: 'Sync now' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('A sync of this datastore is already running'),
    ).toBeInTheDocument();
    expect(within(alert).getByText(/Status 423 Locked/)).toBeInTheDocument();
    expect(within(alert).getByText('TOE-4F2A9C1B7E')).toBeInTheDocument();
    expect(await screen.findByText('Sync running…')).toBeInTheDocument();
  });

  it('turns sync off at once, and back on when the platform refuses', async () => {
    given();
    server.use(
      http.put(collectionUrl, async () => {
        await delay(200);
        return HttpResponse.json(
          aDocumentStoreError({
            status: 500,
            statusReason: 'Internal Server Error',
            message: 'boom',
          }),
          { status: 500 },
        );
      }),
    );
    const { user } = await openSettings();
    const toggle = screen.getByRole('switch', { name: 'Sync enabled' });

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not change the sync setting')).toBeInTheDocument();
    expect(within(alert).getByText('boom')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('sends {syncEnabled} and keeps the new state', async () => {
    given();
    let body: unknown;
    server.use(
      http.put(collectionUrl, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(aCollection({ syncEnabled: false }));
      }),
    );
    const { user } = await openSettings();
    await user.click(screen.getByRole('switch', { name: 'Sync enabled' }));
    expect(await screen.findByText('Sync turned off')).toBeInTheDocument();
    expect(body).toEqual({ syncEnabled: false });
  });
});

describe('collection settings: delete', () => {
  it('asks for the exact name, deletes, and goes to the datastore', async () => {
    const collection = aCollection();
    given(collection);
    let deleted = '';
    server.use(
      http.delete(collectionUrl, ({ params }) => {
        deleted = String(params.collectionId);
        return HttpResponse.json(collection);
      }),
    );
    const { user, router } = await openSettings(collection);
    expect(screen.getByRole('heading', { level: 2, name: 'Danger zone' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete collection products?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete collection' });
    const typed = within(dialog).getByRole('textbox', { name: 'Collection name' });
    expect(confirm).toBeDisabled();
    for (const wrong of ['product', 'Products', 'products ']) {
      await user.clear(typed);
      await user.type(typed, wrong);
      expect(confirm).toBeDisabled();
    }
    await user.clear(typed);
    await user.type(typed, 'products');
    expect(confirm).toBeEnabled();

    await user.click(confirm);

    expect(await screen.findByText('Collection products deleted')).toBeInTheDocument();
    expect(deleted).toBe(collection.id);
    expect(router.state.location.pathname).toBe(`/datastores/${datastore.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
  });

  it('leaves without asking about unsaved changes once deleted', async () => {
    const collection = aCollection();
    given(collection);
    server.use(http.delete(collectionUrl, () => new HttpResponse(null, { status: 200 })));
    const { user } = await openSettings(collection);
    await user.type(nameField(1), '2');

    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Collection name' }), 'products');
    await user.click(within(dialog).getByRole('button', { name: 'Delete collection' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('a refusal stays in the dialog with its status and trace id', async () => {
    given();
    server.use(
      http.delete(collectionUrl, () =>
        HttpResponse.json(aDocumentStoreError({ status: 403, statusReason: 'Forbidden' }), {
          status: 403,
        }),
      ),
    );
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Collection name' }), 'products');
    await user.click(within(dialog).getByRole('button', { name: 'Delete collection' }));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Could not delete the collection')).toBeInTheDocument();
    expect(within(alert).getByText(/Status 403 Forbidden/)).toBeInTheDocument();
    expect(within(alert).getByText('TOE-4F2A9C1B7E')).toBeInTheDocument();
  });
});
