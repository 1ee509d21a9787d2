import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aCollection, aDatastore } from '../../../test/data';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const datastore = aDatastore();

function givenCollections(collections: unknown[]) {
  server.use(
    http.get('/api/datastores/v1/', () => HttpResponse.json([datastore])),
    http.get('/api/datastores/v1/collections', ({ request }) => {
      const datastoreId = new URL(request.url).searchParams.get('datastoreId');
      return HttpResponse.json(datastoreId === datastore.id ? collections : []);
    }),
    // Each collection's document count: 12 in "products", none in "archive".
    http.post('/api/datastores/v2/collections/:id/documents/query', ({ params }) =>
      HttpResponse.json([{ total: params.id === 'c-2' ? 0 : 12 }]),
    ),
  );
}

describe('/datastores/:datastoreId', () => {
  it("lists the datastore's collections, each a link to its details", async () => {
    givenCollections([
      aCollection(),
      aCollection({
        id: 'c-2',
        name: 'archive',
        schema: { columns: [] },
        syncEnabled: false,
        syncRequired: true,
        lastSync: null,
      }),
    ]);

    renderApp(`/datastores/${datastore.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Document store' })).toHaveAttribute(
      'href',
      '/datastores',
    );
    expect(document.title).toBe('Inventory · Platform Console');

    const table = await screen.findByRole('table', { name: 'Collections' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Documents',
      'Columns',
      'Sync enabled',
      'Sync required',
      'Last sync',
      'Updated',
    ]);

    const archive = within(table).getByRole('link', { name: 'archive' });
    expect(archive).toHaveAttribute('href', `/datastores/${datastore.id}/collections/c-2`);
    const cells = within(archive.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(2, 6)).toEqual(['0', 'No', 'Yes', 'never']);
    expect(within(archive.closest('tr')!).getAllByRole('cell')[1]).toHaveTextContent('0');

    const products = within(table).getByRole('link', { name: 'products' });
    const productCells = within(products.closest('tr')!).getAllByRole('cell');
    expect(await within(productCells[1]!).findByText('12')).toBeInTheDocument();
    expect(productCells[2]).toHaveTextContent('3');
  });

  it('says so when the datastore has no collections', async () => {
    givenCollections([]);
    renderApp(`/datastores/${datastore.id}`);
    expect(
      await screen.findByRole('heading', { name: 'This datastore has no collections yet' }),
    ).toBeInTheDocument();
  });

  it('a datastore the console cannot see reads as not found', async () => {
    givenCollections([]);
    renderApp('/datastores/unknown-id');
    expect(
      await screen.findByRole('heading', { name: 'Not found, or you have no access' }),
    ).toBeInTheDocument();
  });
});
