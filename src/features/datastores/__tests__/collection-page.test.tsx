import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Collection } from '../../../api/contract';
import { aCollection, aDatastore, aDocumentStoreError } from '../../../test/data';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const datastore = aDatastore();

function givenCollection(answer: () => Response) {
  server.use(
    http.get('/api/datastores/v1/', () => HttpResponse.json([datastore])),
    http.get('/api/datastores/v1/collections/:collectionId', answer),
  );
}

const openCollection = (collection: Collection) =>
  renderApp(`/datastores/${collection.datastoreId}/collections/${collection.id}/details`);

const value = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByRole('definition');

describe('/datastores/:datastoreId/collections/:collectionId', () => {
  it('shows every field of the collection (spec 2.1)', async () => {
    const collection = aCollection();
    givenCollection(() => HttpResponse.json(collection));

    openCollection(collection);

    expect(await screen.findByRole('heading', { level: 1, name: 'products' })).toBeInTheDocument();
    expect(document.title).toBe('products · Platform Console');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Document store' })).toHaveAttribute(
      'href',
      '/datastores',
    );
    expect(within(breadcrumb).getByRole('link', { name: 'Inventory' })).toHaveAttribute(
      'href',
      `/datastores/${datastore.id}`,
    );
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();

    for (const heading of ['Details', 'Schema', 'Sync']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }

    expect(value('ID')).toHaveTextContent(collection.id);
    expect(
      within(value('ID')).getByRole('button', { name: 'Copy collection id' }),
    ).toBeInTheDocument();
    expect(value('Name')).toHaveTextContent('products');
    expect(value('Datastore ID')).toHaveTextContent(collection.datastoreId);
    expect(within(value('Datastore ID')).getByRole('link')).toHaveAttribute(
      'href',
      `/datastores/${datastore.id}`,
    );
    expect(await within(value('Owner')).findByText('Nia Owner')).toBeVisible();
    expect(value('Linked dataset')).toHaveTextContent('ds-7c6b5a49');
    expect(within(value('Default permissions')).getAllByText(/^(READ|WRITE|SHARE)$/)).toHaveLength(
      3,
    );
    expect(value('Required authorities')).toHaveTextContent('READ → inventory.read');
    expect(value('Required authorities')).toHaveTextContent(
      'WRITE → inventory.write, inventory.admin',
    );
    expect(value('Filters')).toHaveTextContent('1 filter');
    expect(within(value('Filters')).getByLabelText('Filters as JSON')).toHaveTextContent(
      '"own rows only"',
    );
    expect(within(value('Created')).getByText(/2026/)).toHaveAttribute(
      'title',
      collection.createdOn,
    );
    expect(within(value('Updated')).getByText(/2026/)).toHaveAttribute(
      'title',
      collection.updatedOn,
    );
    expect(await within(value('Updated by')).findByText('Omar Editor')).toBeVisible();

    expect(value('Sync enabled')).toHaveTextContent('Yes');
    expect(value('Sync required')).toHaveTextContent('No');
    expect(value('Full replace required')).toHaveTextContent('No');
    expect(within(value('Last sync')).getByText(/2026/)).toHaveAttribute(
      'title',
      collection.lastSync,
    );

    const schema = screen.getByRole('table', { name: 'Schema columns' });
    const rows = within(schema)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['sku', 'STRING'],
      ['price', 'DECIMAL'],
      ['stocked', 'DATE'],
    ]);
  });

  it('says what an empty or unlinked field means', async () => {
    const collection = aCollection({
      datasourceId: null,
      defaultPermissions: null,
      requiredAuthorities: null,
      filters: null,
      lastSync: null,
      syncEnabled: false,
      syncRequired: true,
      fullReplaceRequired: true,
      schema: { columns: [] },
    });
    givenCollection(() => HttpResponse.json(collection));

    openCollection(collection);

    await screen.findByRole('heading', { level: 1, name: 'products' });
    expect(value('Linked dataset')).toHaveTextContent('not linked yet');
    expect(value('Default permissions')).toHaveTextContent('none');
    expect(value('Required authorities')).toHaveTextContent('none');
    expect(value('Filters')).toHaveTextContent('none');
    expect(value('Last sync')).toHaveTextContent('never');
    expect(value('Sync enabled')).toHaveTextContent('No');
    expect(value('Sync required')).toHaveTextContent('Yes');
    expect(value('Full replace required')).toHaveTextContent('Yes');
    expect(screen.getByText('This collection has no schema columns.')).toBeInTheDocument();
  });

  it('a 404 reads "Not found, or you have no access" with a copyable trace id', async () => {
    const user = userEvent.setup();
    givenCollection(() => HttpResponse.json(aDocumentStoreError(), { status: 404 }));

    renderApp(`/datastores/${datastore.id}/collections/missing/details`);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not found, or you have no access')).toBeInTheDocument();
    expect(within(alert).getByText('Collection not found')).toBeInTheDocument();
    expect(within(alert).getByText(/Status 404 Not Found/)).toBeInTheDocument();
    expect(within(alert).getByText('TOE-4F2A9C1B7E')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Copy trace id' }));
    expect(await navigator.clipboard.readText()).toBe('TOE-4F2A9C1B7E');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows skeletons while the collection loads', async () => {
    givenCollection(() => new Promise<Response>(() => {}) as never);
    renderApp(`/datastores/${datastore.id}/collections/slow/details`);
    expect(await screen.findByRole('status', { name: 'Loading collection' })).toBeInTheDocument();
  });
});
