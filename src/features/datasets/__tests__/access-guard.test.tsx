import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aDataset, aPartition } from './data';
import { givenDataset } from './handlers';

const dataset = aDataset();

/** A user shared with at CAN_SHARE whose role may not share: read only. */
function givenReadOnlyAccess() {
  givenDataset();
  server.use(
    http.get('/api/access/v1/datasets/:id', () =>
      HttpResponse.json({
        level: 'CAN_SHARE',
        operations: {
          read: { allowed: true },
          share: { allowed: false, status: 403, needed: 'Editor role or higher' },
          edit: { allowed: false, status: 403, needed: 'CAN_EDIT' },
          manage: { allowed: false, status: 403, needed: 'CO_OWNER' },
        },
        sharing: {
          grantable: [],
          removeOthers: { allowed: false, status: 403, needed: 'CO_OWNER' },
          changeOwn: {
            allowed: false,
            status: 403,
            needed: 'the owner, another co-owner or an Admin',
          },
        },
      }),
    ),
    http.get('/api/query/v1/datasources/:id/partition', () =>
      HttpResponse.json([aPartition({ partitionId: '2026-09-28', rowCount: 700 })]),
    ),
  );
}

describe('dataset actions the user may not take', { timeout: 20_000 }, () => {
  it.each([
    ['sharing', 'Share', 'You need the Editor role or higher'],
    ['certification', 'Certify', 'You need CO_OWNER access to this dataset'],
    ['partitions', 'Delete partition 2026-09-28', 'You need CAN_EDIT access to this dataset'],
  ])('the %s tab disables “%s” and says which level it needs', async (tab, name, reason) => {
    givenReadOnlyAccess();
    renderApp(`/datasets/${dataset.id}/${tab}`);
    const action = await screen.findByRole('button', { name });
    expect(action).toBeDisabled();
    const wrapper = action.closest('[data-guard="disabled"]') as HTMLElement;
    await userEvent.hover(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('leaves the decision to the platform when it cannot say (an instance without the endpoint)', async () => {
    givenDataset();
    server.use(
      http.get('/api/access/v1/datasets/:id', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    );
    renderApp(`/datasets/${dataset.id}/sharing`);
    expect(await screen.findByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it('leaves the actions enabled for a user who may take them', async () => {
    givenDataset();
    renderApp(`/datasets/${dataset.id}/sharing`);
    const section = await screen.findByRole('button', { name: 'Share' });
    expect(section).toBeEnabled();
    expect(within(document.body).queryByText(/You need/)).toBeNull();
  });
});
