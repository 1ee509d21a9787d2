import './setup-editor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DocumentV2 } from '../../../../api/contract';
import { aDocumentStoreError } from '../../../../test/data';
import { renderApp } from '../../../../test/render';
import { server } from '../../../../test/server';
import { libraryStorageKey } from '../lib/query-library';
import { aDocument, documentsUrl, givenDocuments, orders, ordersCollection } from './fixtures';

const many = Array.from({ length: 60 }, (_, i) =>
  aDocument(`d${i}`, { orderNumber: 20_000 + i, region: i % 2 ? 'North' : 'South', quantity: i }),
);

const grid = () => screen.findByRole('grid', { name: 'Documents' }, { timeout: 15_000 });
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

/** Replaces the editor's text as a person pasting it would (typing it all is slow in jsdom). */
async function replaceText(
  user: ReturnType<typeof userEvent.setup>,
  box: HTMLElement,
  text: string,
) {
  await user.click(box);
  await user.keyboard('{Control>}a{/Control}{Backspace}');
  await user.paste(text);
}

describe('documents tab: the grid', { timeout: 30_000 }, () => {
  it("shows a page of documents in the schema's columns, typed", async () => {
    const user = userEvent.setup();
    const { pageCalls } = givenDocuments();
    renderApp(documentsUrl(ordersCollection()));

    const table = await grid();
    expect(screen.getByRole('tab', { name: 'Documents', selected: true })).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        'ID',
        'orderNumber',
        'region',
        'quantity',
        'unitPrice',
        'orderDate',
        'shippedAt',
        'Created',
        'Updated',
        'Owner',
      ]),
    );
    expect(await screen.findByText('3 documents')).toBeInTheDocument();
    expect(pageCalls()[0]).toEqual({ filter: {}, params: { limit: '25', offset: '0' } });

    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'doc-1' })).toHaveAttribute(
      'href',
      expect.stringContaining('?doc=doc-1') as string,
    );
    expect(within(first).getByText('13 Mar 2026')).toHaveAttribute('title', '2026-03-13');
    expect(within(first).getByText('12').closest('[role="gridcell"]')).toHaveClass(
      'MuiDataGrid-cell--textRight',
    );

    // A long value is cut in its cell; the whole of it is one click away.
    await user.click(within(table).getByRole('button', { name: 'Show all of note' }));
    expect(await screen.findByLabelText('Full value of note')).toHaveTextContent('x'.repeat(120));
    await user.keyboard('{Escape}');
    await user.click(within(table).getByRole('button', { name: 'Show all of tags' }));
    expect(await screen.findByLabelText('Full value of tags')).toHaveTextContent('"priority"');
  });

  it('a sort is the orderby of the query and returns to page 1', async () => {
    const user = userEvent.setup();
    const { pageCalls } = givenDocuments({ rows: () => many });
    const { router } = renderApp(documentsUrl(ordersCollection(), '?page=2'));
    const table = await grid();
    await waitFor(() => expect(pageCalls().at(-1)?.params.offset).toBe('25'));

    await user.click(within(table).getByRole('columnheader', { name: 'quantity' }));
    await waitFor(() => expect(search(router).get('sort')).toBe('content.quantity:asc'));
    expect(search(router).get('page')).toBeNull();
    await waitFor(() =>
      expect(pageCalls().at(-1)?.params).toEqual({
        limit: '25',
        offset: '0',
        orderby: 'content.quantity ascending',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));
    await waitFor(() => expect(pageCalls().at(-1)?.params.offset).toBe('25'));
    expect(search(router).get('sort')).toBe('content.quantity:asc');
  });

  it('a row opens its document with a click or Enter', async () => {
    const user = userEvent.setup();
    givenDocuments();
    server.use(
      http.get('/api/datastores/v2/collections/:id/documents/:docId', ({ params }) =>
        HttpResponse.json(orders.find((d) => d.id === params.docId)),
      ),
    );
    const { router } = renderApp(documentsUrl(ordersCollection()));
    const table = await grid();

    await user.click(within(table).getByText('South'));
    expect(await screen.findByRole('dialog', { name: 'Document' })).toBeInTheDocument();
    expect(search(router).get('doc')).toBe('doc-2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(search(router).get('doc')).toBeNull());

    within(table).getByText('East').closest<HTMLElement>('[role="gridcell"]')!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(search(router).get('doc')).toBe('doc-3'));
  });

  it('disables what the caller may not do, naming the permission it needs', async () => {
    const user = userEvent.setup();
    givenDocuments();
    const refused = (needed: string) => ({ allowed: false, status: 403, needed });
    server.use(
      http.get('/api/access/v1/collections/:id', () =>
        HttpResponse.json({
          permissions: ['READ', 'READ_CONTENT'],
          operations: {
            read: { allowed: true },
            readContent: { allowed: true },
            createContent: refused('CREATE_CONTENT'),
            updateContent: refused('UPDATE_CONTENT'),
            deleteContent: refused('DELETE_CONTENT'),
            update: refused('WRITE'),
            delete: refused('DELETE'),
            share: refused('SHARE'),
            administer: refused('ADMIN'),
          },
        }),
      ),
    );
    renderApp(documentsUrl(ordersCollection()));
    await grid();
    const create = await screen.findByRole('button', { name: 'New document' });
    await waitFor(() => expect(create).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.hover(create.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You need the CREATE_CONTENT permission on this collection',
    );
  });

  it('says when the collection has no documents yet', async () => {
    givenDocuments({ rows: () => [] });
    renderApp(documentsUrl(ordersCollection()));
    expect(
      await screen.findByRole('heading', { name: 'No documents yet' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a document' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import a file' })).toBeInTheDocument();
  });

  it('says when no document matches the filter, and clears it', async () => {
    const user = userEvent.setup();
    givenDocuments({ rows: (filter) => (Object.keys(filter as object).length ? [] : orders) });
    const { router } = renderApp(
      documentsUrl(ordersCollection(), '?filter=%7B%22content.region%22%3A%22Nowhere%22%7D'),
    );
    const empty = await screen.findByRole(
      'heading',
      { name: 'No documents match this filter' },
      { timeout: 15_000 },
    );
    const clear = within(empty.parentElement!).getByRole('button', { name: 'Clear filter' });
    await user.click(clear);
    await waitFor(() => expect(search(router).get('filter')).toBeNull());
    expect(await grid()).toBeInTheDocument();
  });

  it('a failed first load shows the status, the message and the trace id, with Retry', async () => {
    const user = userEvent.setup();
    givenDocuments();
    let fail = true;
    server.use(
      http.post('/api/datastores/v2/collections/:id/documents/query', () =>
        fail
          ? HttpResponse.json(
              aDocumentStoreError({
                status: 500,
                statusReason: 'Internal Server Error',
                message: 'the store is down',
              }),
              { status: 500 },
            )
          : undefined,
      ),
    );
    renderApp(documentsUrl(ordersCollection()));
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('the store is down')).toBeInTheDocument();
    expect(within(alert).getByText(/Status 500/)).toBeInTheDocument();
    expect(within(alert).getByText('TOE-4F2A9C1B7E')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await grid()).toBeInTheDocument();
  });
});

describe('documents tab: the query bar', { timeout: 30_000 }, () => {
  it(
    'checks the filter as it is typed, applies it with Ctrl+Enter and goes back to page 1',
    {
      timeout: 60_000,
    },
    async () => {
      const user = userEvent.setup();
      const { pageCalls } = givenDocuments({ rows: () => many });
      const { router } = renderApp(documentsUrl(ordersCollection(), '?page=2'));
      await grid();
      // The editor is loaded lazily: the first test to show it waits for the chunk.
      const filter = await screen.findByRole('textbox', { name: 'Filter' }, { timeout: 15_000 });
      const apply = screen.getByRole('button', { name: 'Apply' });

      await replaceText(user, filter, '{"content.region": "North"');
      expect(
        screen.getByText('Invalid JSON: the text ends before the JSON does'),
      ).toBeInTheDocument();
      expect(filter).toHaveAttribute('aria-invalid', 'true');
      expect(apply).toBeDisabled();

      await replaceText(user, filter, '{"content.region": {"$near": "North"}}');
      expect(
        screen.getByText(
          'Unknown operator $near. Supported: $eq $ne $gt $gte $lt $lte $in $nin $and $or $not $exists $regex',
        ),
      ).toBeInTheDocument();
      // Known to be refused: not sent, so there is one message, next to the box.
      expect(apply).toBeDisabled();
      expect(filter).toHaveAttribute('aria-invalid', 'true');
      await user.keyboard('{Control>}{Enter}{/Control}');
      expect(search(router).get('filter')).toBeNull();

      await replaceText(user, filter, '{"content.region": "North"');
      expect(apply).toBeDisabled();
      await user.keyboard('}');
      expect(apply).toBeEnabled();
      expect(filter).toHaveAttribute('aria-invalid', 'false');
      expect(screen.queryByText(/Unknown operator|Invalid JSON/)).not.toBeInTheDocument();
      await user.keyboard('{Control>}{Enter}{/Control}');

      await waitFor(() => expect(search(router).get('filter')).toBe('{"content.region":"North"}'));
      expect(search(router).get('page')).toBeNull();
      await waitFor(() =>
        expect(pageCalls().at(-1)).toEqual({
          filter: { 'content.region': 'North' },
          params: { limit: '25', offset: '0' },
        }),
      );
      // Ctrl+Enter applied; it did not add a line to the filter.
      expect(filter.textContent).toBe('{"content.region": "North"}');
    },
  );

  it('keeps the last queries of the collection, and runs one again from the menu', async () => {
    const user = userEvent.setup();
    const { pageCalls } = givenDocuments();
    const { router } = renderApp(documentsUrl(ordersCollection()));
    await grid();
    const filter = await screen.findByRole('textbox', { name: 'Filter' });
    expect(screen.getByRole('button', { name: 'Recent' })).toBeDisabled();

    for (const text of ['{"content.quantity": {"$gte": 10}}', '{"content.region": "East"}']) {
      await replaceText(user, filter, text);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
    }
    const stored = JSON.parse(localStorage.getItem(libraryStorageKey('c-orders'))!) as {
      recent: string[];
    };
    expect(stored.recent).toEqual([
      '{"content.region":"East"}',
      '{"content.quantity":{"$gte":10}}',
    ]);

    await user.click(screen.getByRole('button', { name: 'Recent' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '{"content.region":"East"}',
      '{"content.quantity":{"$gte":10}}',
    ]);
    await user.click(items[1]!);
    await waitFor(() =>
      expect(search(router).get('filter')).toBe('{"content.quantity":{"$gte":10}}'),
    );
    await waitFor(() => expect(filter.textContent).toBe('{"content.quantity":{"$gte":10}}'));
    // Asked for once: the second time the answer comes from the cache.
    expect(pageCalls().map((c) => c.filter)).toEqual([
      {},
      { 'content.quantity': { $gte: 10 } },
      { 'content.region': 'East' },
    ]);
  });

  it('a bare column name is read as content.<name>, and the bar says so', async () => {
    const user = userEvent.setup();
    const { pageCalls } = givenDocuments();
    const { router } = renderApp(documentsUrl(ordersCollection()));
    await grid();
    const filter = await screen.findByRole('textbox', { name: 'Filter' });
    await replaceText(user, filter, '{"region": "North"}');
    expect(screen.getByText('region will be read as content.region.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(search(router).get('filter')).toBe('{"content.region":"North"}'));
    await waitFor(() =>
      expect(pageCalls().at(-1)).toMatchObject({ filter: { 'content.region': 'North' } }),
    );
    expect(await screen.findByText('region was read as content.region.')).toBeInTheDocument();
    await waitFor(() => expect(filter.textContent).toBe('{"content.region":"North"}'));
  });

  it('choosing an example runs it; a saved filter has a name and runs again', async () => {
    const user = userEvent.setup();
    givenDocuments();
    const { router } = renderApp(documentsUrl(ordersCollection()));
    await grid();
    const filter = await screen.findByRole('textbox', { name: 'Filter' });

    await user.click(screen.getByRole('button', { name: 'Examples' }));
    await user.click(await screen.findByRole('menuitem', { name: /unitPrice is at least 120/ }));
    expect(filter.textContent).toBe('{"content.unitPrice":{"$gte":120}}');
    await waitFor(() =>
      expect(search(router).get('filter')).toBe('{"content.unitPrice":{"$gte":120}}'),
    );

    await user.click(screen.getByRole('button', { name: 'Saved' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save this filter…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save filter' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Big orders');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Saved' }));
    await user.click(await screen.findByRole('menuitem', { name: /Big orders/ }));
    await waitFor(() =>
      expect(search(router).get('filter')).toBe('{"content.unitPrice":{"$gte":120}}'),
    );
    expect(JSON.parse(localStorage.getItem(libraryStorageKey('c-orders'))!)).toMatchObject({
      saved: [{ name: 'Big orders', filter: '{"content.unitPrice":{"$gte":120}}' }],
    });
  });

  it("shows the platform's refusal next to the bar, with its trace id, not as a toast", async () => {
    const user = userEvent.setup();
    givenDocuments();
    server.use(
      http.post('/api/datastores/v2/collections/:id/documents/query', async ({ request }) => {
        const body = JSON.stringify(await request.clone().json());
        return body.includes('"$in":"North"')
          ? HttpResponse.json(
              aDocumentStoreError({
                status: 400,
                statusReason: 'Bad Request',
                message: '$in at content.region expects an array',
              }),
              { status: 400 },
            )
          : undefined;
      }),
    );
    renderApp(documentsUrl(ordersCollection()));
    await grid();
    await replaceText(
      user,
      await screen.findByRole('textbox', { name: 'Filter' }),
      '{"content.region": {"$in": "North"}}',
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const refusal = await screen.findByText(
      'The platform refused this filter: $in at content.region expects an array',
    );
    const box = refusal.closest<HTMLElement>('[role="alert"]')!;
    expect(within(box).getByText('TOE-4F2A9C1B7E')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Copy trace id' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This filter cannot be run' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not refresh/)).not.toBeInTheDocument();
  });
});

describe('documents tab: the drawer', { timeout: 30_000 }, () => {
  /** One document behind GET and PUT; a PUT replaces its content, as the platform does. */
  function givenDocument(document: DocumentV2) {
    const puts: unknown[] = [];
    let current = document;
    server.use(
      http.get('/api/datastores/v2/collections/:id/documents/:docId', () =>
        HttpResponse.json(current),
      ),
      http.put('/api/datastores/v2/collections/:id/documents/:docId', async ({ request }) => {
        const body = (await request.json()) as { content: DocumentV2['content'] };
        puts.push(body);
        current = { ...current, content: body.content };
        return HttpResponse.json(current);
      }),
    );
    return puts;
  }

  it('shows the whole document; the content editor refuses invalid JSON and warns on types', async () => {
    const user = userEvent.setup();
    givenDocuments();
    const puts = givenDocument(orders[0]!);
    const { router } = renderApp(documentsUrl(ordersCollection(), '?doc=doc-1'));

    const drawer = await screen.findByRole('dialog', { name: 'Document' }, { timeout: 15_000 });
    const json = await within(drawer).findByLabelText('Document as JSON');
    expect(json).toHaveTextContent('"collectionId": "c-orders"');
    expect(json).toHaveTextContent('"orderNumber": 10001');
    expect(
      await within(
        within(within(drawer).getByRole('group', { name: 'Updated by' })).getByRole('definition'),
      ).findByText('Omar Editor'),
    ).toBeVisible();

    await user.click(within(drawer).getByRole('button', { name: 'Edit content' }));
    const editor = await within(drawer).findByRole('textbox', { name: 'Content' });
    const save = within(drawer).getByRole('button', { name: 'Review changes' });

    await replaceText(user, editor, '{"orderNumber": 10001, "quantity": }');
    expect(
      within(drawer).getByText(/^Invalid JSON: line 1, column 36: expected a value/),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();

    await replaceText(
      user,
      editor,
      '{"orderNumber": 10001, "quantity": "ten", "orderDate": "13/03/2026", "extra": [1]}',
    );
    expect(
      within(drawer).getByText('2 values do not fit their schema columns'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('quantity (LONG) is "ten": expected a whole number'),
    ).toBeInTheDocument();
    expect(save).toBeEnabled();

    // Saving first shows what changes, field by field; nothing is sent before the second press.
    await user.click(save);
    const changes = within(drawer).getByRole('table', { name: 'Changes to save' });
    expect(within(changes).getByRole('rowheader', { name: 'quantity' })).toBeInTheDocument();
    expect(within(changes).getByRole('rowheader', { name: 'extra' })).toBeInTheDocument();
    expect(within(changes).queryByRole('rowheader', { name: 'orderNumber' })).toBeNull();
    expect(puts).toEqual([]);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document saved')).toBeInTheDocument();
    expect(puts).toEqual([
      { content: { orderNumber: 10001, quantity: 'ten', orderDate: '13/03/2026', extra: [1] } },
    ]);
    expect(within(drawer).getByLabelText('Document as JSON')).toHaveTextContent(
      '"quantity": "ten"',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(search(router).get('doc')).toBeNull());
  });

  it('a 404 reads "Not found, or you have no access"', async () => {
    givenDocuments();
    server.use(
      http.get('/api/datastores/v2/collections/:id/documents/:docId', () =>
        HttpResponse.json(aDocumentStoreError({ message: 'Document not found' }), { status: 404 }),
      ),
    );
    renderApp(documentsUrl(ordersCollection(), '?doc=gone'));
    const drawer = await screen.findByRole('dialog', { name: 'Document' }, { timeout: 15_000 });
    expect(await within(drawer).findByText('Not found, or you have no access')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('creates a document with v2 and opens it', async () => {
    const user = userEvent.setup();
    givenDocuments();
    let body: unknown;
    const created = aDocument('doc-new', { orderNumber: 1 });
    givenDocument(created);
    server.use(
      http.post('/api/datastores/v2/collections/:id/documents', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(created);
      }),
    );
    const { router } = renderApp(documentsUrl(ordersCollection()));
    await grid();
    await user.click(screen.getByRole('button', { name: 'New document' }));
    const drawer = await screen.findByRole('dialog', { name: 'New document' });
    await replaceText(
      user,
      await within(drawer).findByRole('textbox', { name: 'Content' }),
      '{"orderNumber": 1}',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Document created')).toBeInTheDocument();
    expect(body).toEqual({ content: { orderNumber: 1 } });
    await waitFor(() => expect(search(router).get('doc')).toBe('doc-new'));
    expect(await screen.findByRole('dialog', { name: 'Document' })).toBeInTheDocument();
  });

  it('deletes a document after a confirmation', async () => {
    const user = userEvent.setup();
    givenDocuments();
    givenDocument(orders[0]!);
    let deleted = '';
    server.use(
      http.delete('/api/datastores/v1/collections/:id/documents/:docId', ({ params }) => {
        deleted = String(params.docId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp(documentsUrl(ordersCollection(), '?doc=doc-1'));
    const drawer = await screen.findByRole('dialog', { name: 'Document' }, { timeout: 15_000 });
    await user.click(await within(drawer).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(deleted).toBe('doc-1');
    await waitFor(() => expect(search(router).get('doc')).toBeNull());
  });
});

describe('documents tab: bulk delete and import', { timeout: 30_000 }, () => {
  it('deletes the selected rows after a confirmation that states the count', async () => {
    const user = userEvent.setup();
    givenDocuments();
    let ids: string | null = null;
    server.use(
      http.delete('/api/datastores/v2/collections/:id/documents/bulk', ({ request }) => {
        ids = new URL(request.url).searchParams.get('ids');
        return HttpResponse.json({ Deleted: 2 });
      }),
    );
    renderApp(documentsUrl(ordersCollection()));
    const table = await grid();
    const rows = within(table).getAllByRole('row').slice(1);
    await user.click(within(rows[0]!).getByRole('checkbox'));
    await user.click(within(rows[1]!).getByRole('checkbox'));

    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 documents?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted 2 documents')).toBeInTheDocument();
    expect(ids).toBe('doc-1,doc-2');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument(),
    );
  });

  it('imports an NDJSON file: preview, bad lines block, then bulk create in chunks of 1,000', async () => {
    const user = userEvent.setup();
    givenDocuments();
    const chunks: number[] = [];
    server.use(
      http.post('/api/datastores/v2/collections/:id/documents/bulk', async ({ request }) => {
        const body = (await request.json()) as unknown[];
        chunks.push(body.length);
        return HttpResponse.json({ Created: body.length });
      }),
    );
    renderApp(documentsUrl(ordersCollection()));
    await grid();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import documents' });
    const input = within(dialog).getByLabelText('Document file');

    await user.upload(input, new File(['{"a": 1}\n{"a": \n[2]\n'], 'bad.ndjson'));
    expect(
      await within(dialog).findByText('1 document to import (NDJSON), 2 lines with errors'),
    ).toBeInTheDocument();
    const errors = within(dialog).getByRole('list', { name: 'Lines with errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 2: the text ends before the JSON does',
      'Line 3: expected a JSON object, found an array',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    const lines = Array.from({ length: 2_500 }, (_, i) => JSON.stringify({ orderNumber: i }));
    await user.upload(input, new File([lines.join('\n')], 'orders.ndjson'));
    expect(
      await within(dialog).findByText('2,500 documents to import (NDJSON)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('{"orderNumber":0}')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import 2,500 documents' }));

    expect(
      await within(dialog).findByText('Imported 2,500 documents from orders.ndjson.'),
    ).toBeInTheDocument();
    expect(chunks).toEqual([1_000, 1_000, 500]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
