import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Collection } from '../../../../api/contract';
import { aCollection, aDatastore, fullCollectionAccess } from '../../../../test/data';
import { renderApp } from '../../../../test/render';
import { server } from '../../../../test/server';

const collectionUrl = '/api/datastores/v1/collections/:collectionId';

function given(collection: Collection, administer: boolean) {
  const updates: unknown[] = [];
  server.use(
    http.get('/api/datastores/v1/', () => HttpResponse.json([aDatastore()])),
    http.get('/api/datastores/v1/collections', () => HttpResponse.json([collection])),
    http.get(collectionUrl, () => HttpResponse.json(collection)),
    http.put(collectionUrl, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      updates.push(body);
      return HttpResponse.json({ ...collection, ...body });
    }),
    http.get('/api/access/v1/collections/:id', () =>
      HttpResponse.json({
        ...fullCollectionAccess,
        operations: {
          ...fullCollectionAccess.operations,
          administer: administer
            ? { allowed: true }
            : { allowed: false, status: 403, needed: 'ADMIN' },
        },
      }),
    ),
  );
  return updates;
}

const open = async (collection: Collection) => {
  renderApp(`/datastores/${collection.datastoreId}/collections/${collection.id}/settings`);
  return screen.findByRole('form', { name: 'Access settings' });
};

describe('collection access settings', { timeout: 30_000 }, () => {
  it('disables filters, default permissions and required authorities without ADMIN, saying so', async () => {
    const collection = aCollection({ defaultPermissions: 'READ,WRITE' });
    given(collection, false);
    await open(collection);
    const filters = await screen.findByRole('textbox', { name: 'Filters (JSON)' });
    await waitFor(() => expect(filters).toBeDisabled());
    expect(screen.getByRole('textbox', { name: 'Default permissions' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Required authorities (JSON)' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Default permissions' })).toHaveValue('READ,WRITE');
    await userEvent.hover(filters.closest('[data-guard="disabled"]') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You need the ADMIN permission on this collection',
    );
  });

  it('lets an admin of the collection change them, sending only what changed', async () => {
    const user = userEvent.setup({ delay: null });
    const collection = aCollection({ defaultPermissions: 'READ' });
    const updates = given(collection, true);
    await open(collection);
    const permissions = await screen.findByRole('textbox', { name: 'Default permissions' });
    await waitFor(() => expect(permissions).toBeEnabled());
    await user.clear(permissions);
    await user.type(permissions, 'read, read_content');
    await user.click(screen.getByRole('button', { name: 'Save access settings' }));
    await waitFor(() => expect(updates).toEqual([{ defaultPermissions: 'READ,READ_CONTENT' }]));
  });
});
