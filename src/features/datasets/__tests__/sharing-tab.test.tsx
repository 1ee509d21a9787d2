import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionList, ShareBody } from '../../../api/contract';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aDataset, anOutboxMessage } from './data';
import { givenDataset } from './handlers';
import { cellTexts } from '../../../test/table';

const dataset = aDataset();
const base = '/api/data/v3/datasources/:id';
type Permission = PermissionList['list'][number];

/** Permissions that the share and remove endpoints really change; records every share body. */
function givenSharing(initial: Permission[] = []) {
  let permissions = [...initial];
  const shared: ShareBody[] = [];
  const removed: string[] = [];
  const names: Record<string, string> = { 'USER:2': 'Ben Analyst', 'GROUP:102': 'Finance' };
  givenDataset();
  server.use(
    http.get(`${base}/permissions`, () => HttpResponse.json({ list: permissions })),
    http.post(`${base}/share`, async ({ request, params }) => {
      expect(params.id).toBe(dataset.id);
      const body = (await request.json()) as ShareBody;
      shared.push(body);
      // The platform upserts: sharing again with someone changes their level.
      const given = body.permissions.map((p) => ({ ...p, name: names[`${p.type}:${p.id}`] }));
      const key = (p: Permission) => `${p.type}:${p.id}`;
      permissions = [
        ...permissions.map((p) => given.find((g) => key(g) === key(p)) ?? p),
        ...given.filter((g) => !permissions.some((p) => key(p) === key(g))),
      ];
      return HttpResponse.json({});
    }),
    http.delete(`${base}/permissions/:type/:principalId`, ({ params }) => {
      removed.push(`${String(params.type)}/${String(params.principalId)}`);
      permissions = permissions.filter(
        (p) => `${p.type}/${p.id}` !== `${String(params.type)}/${String(params.principalId)}`,
      );
      return HttpResponse.json({});
    }),
  );
  return { shared, removed };
}

const openSharing = async () => {
  renderApp(`/datasets/${dataset.id}/sharing`);
  expect(await screen.findByRole('tab', { name: 'Sharing', selected: true })).toBeInTheDocument();
};

async function pick(user: ReturnType<typeof userEvent.setup>, search: string, option: RegExp) {
  const dialog = screen.getByRole('dialog');
  const picker = within(dialog).getByRole('combobox', { name: 'People and groups' });
  await user.clear(picker);
  await user.type(picker, search);
  // Wait for the search to settle: the list is redrawn when its answer arrives.
  await screen.findByRole('option', { name: option });
  await vi.waitFor(() =>
    expect(within(dialog).queryByRole('progressbar', { name: 'Searching' })).toBeNull(),
  );
  await user.click(screen.getByRole('option', { name: option }));
}

describe('/datasets/:datasetId/sharing', { timeout: 20_000 }, () => {
  it('lists who has access, with names, types and access levels, and the notifications sent', async () => {
    givenSharing([
      { id: '2', type: 'USER', accessLevel: 'CAN_EDIT', name: 'Ben Analyst' },
      { id: '102', type: 'GROUP', accessLevel: 'CAN_SHARE', name: 'Finance' },
      { id: '9', type: 'USER', accessLevel: 'CO_OWNER' },
    ]);
    server.use(
      http.get('/api/data/v3/outbox', ({ request }) => {
        expect(new URL(request.url).searchParams.get('datasetId')).toBe(dataset.id);
        return HttpResponse.json([anOutboxMessage()]);
      }),
    );
    await openSharing();

    const table = await screen.findByRole('table', { name: 'People and groups with access' });
    // The owner (user 1 of the test users) first, with the email a share would reach.
    await within(table).findByText('ada@example.com');
    const rows = cellTexts(table, 3);
    expect(rows).toEqual([
      ['Ada Adminada@example.com', 'User', 'Owner'],
      ['Ben Analyst', 'User', 'Can edit'],
      ['Finance', 'Group', 'Can share'],
      ['User 9', 'User', 'Co-owner'],
    ]);
    expect(within(table).getByRole('combobox', { name: 'Access of Finance' })).toHaveTextContent(
      'Can share',
    );

    const outbox = await screen.findByRole('table', { name: 'Notifications sent' });
    expect(within(outbox).getByText('ben@example.com')).toBeInTheDocument();
    expect(
      within(outbox).getByText('Ada Admin shared "Sales by region" with you'),
    ).toBeInTheDocument();
  });

  it('says so when nobody has access and nothing was sent', async () => {
    givenSharing();
    await openSharing();
    expect(
      await screen.findByText(
        'Only the owner has access: share it to give people or groups access.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'No notifications sent for this dataset yet' }),
    ).toBeInTheDocument();
  });

  it('shares with a user and a group by email, after naming who will be notified', async () => {
    const user = userEvent.setup();
    const sharing = givenSharing();
    let outbox: unknown[] = [];
    server.use(http.get('/api/data/v3/outbox', () => HttpResponse.json(outbox)));
    await openSharing();

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Sales by region”' });

    await pick(user, 'ben', /Ben Analyst/);
    await pick(user, 'fin', /Finance/);
    const picker = within(dialog).getByRole('combobox', { name: 'People and groups' });
    expect(picker.closest('.MuiAutocomplete-root')).toHaveTextContent(
      'Ben Analyst (user)Finance (group)',
    );

    await user.click(within(dialog).getByRole('combobox', { name: 'Access level' }));
    const levels = await screen.findAllByRole('option');
    // From least to most access, each saying what it allows.
    expect(levels.map((o) => o.textContent)).toEqual([
      'Can shareSee the dataset, its rows and exports, and share it on',
      'Can editAlso change its data: run its stream, delete partitions',
      'Co-ownerAlso remove other people’s access, as the owner can',
    ]);
    await user.click(screen.getByRole('option', { name: /^Co-owner/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // The confirm step names everyone the email goes to, the group's members included.
    const confirm = await screen.findByRole('dialog', { name: 'Email 3 people?' });
    expect(sharing.shared).toEqual([]);
    const recipients = within(confirm).getByRole('region', { name: 'Recipients' });
    const direct = within(recipients).getByRole('list', { name: 'Shared with directly' });
    expect(within(direct).getByText('Ben Analyst')).toBeInTheDocument();
    expect(within(direct).getByText('ben@example.com')).toBeInTheDocument();
    const finance = within(recipients).getByRole('list', {
      name: 'Members of the group Finance',
    });
    const people = within(finance).getAllByRole('listitem').slice(1); // after the subheader
    expect(people.map((li) => li.textContent)).toEqual([
      'Chloe Editorchloe@example.com',
      'Eve Exportereve@example.com',
    ]);

    outbox = [anOutboxMessage(), anOutboxMessage({ id: 'm2', to: 'chloe@example.com' })];
    await user.click(within(confirm).getByRole('button', { name: 'Share and send email' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sharing.shared).toEqual([
      {
        permissions: [
          { id: '2', type: 'USER', accessLevel: 'CO_OWNER' },
          { id: '102', type: 'GROUP', accessLevel: 'CO_OWNER' },
        ],
        sendEmail: true,
      },
    ]);
    expect(
      await screen.findByText('Shared with Ben Analyst and Finance; notifications sent'),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'People and groups with access' });
    expect(
      await within(table).findByRole('combobox', { name: 'Access of Finance' }),
    ).toHaveTextContent('Co-owner');
    const sent = await screen.findByRole('table', { name: 'Notifications sent' });
    expect(within(sent).getByText('chloe@example.com')).toBeInTheDocument();
  });

  it('goes back from the confirm step without losing the choices', async () => {
    const user = userEvent.setup();
    givenSharing();
    await openSharing();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog');
    await pick(user, 'fin', /Finance/);
    await user.click(screen.getByRole('checkbox', { name: 'Send email' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Email 2 people?' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Sales by region”' });
    expect(within(dialog).getByText('Finance (group)')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Send email' })).toBeChecked();
  });

  it('shares without email in one step', async () => {
    const user = userEvent.setup();
    const sharing = givenSharing();
    await openSharing();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog');
    await pick(user, 'chloe', /Chloe Editor/);
    await user.click(screen.getByRole('button', { name: 'Share' }));

    await vi.waitFor(() =>
      expect(sharing.shared).toEqual([
        // The least access is the default.
        { permissions: [{ id: '3', type: 'USER', accessLevel: 'CAN_SHARE' }], sendEmail: false },
      ]),
    );
    expect(await screen.findByText('Shared with Chloe Editor')).toBeInTheDocument();
  });

  it('asks for someone to share with', async () => {
    const user = userEvent.setup();
    const sharing = givenSharing();
    await openSharing();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(
      await within(dialog).findByText('Pick at least one person or group'),
    ).toBeInTheDocument();
    expect(sharing.shared).toEqual([]);
  });

  it('keeps the dialog open with the platform’s error when the share fails', async () => {
    const user = userEvent.setup();
    givenSharing();
    server.use(
      http.post(`${base}/share`, () =>
        HttpResponse.json({ message: 'permissions[0].id: no user 3' }, { status: 400 }),
      ),
    );
    await openSharing();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await pick(user, 'chloe', /Chloe Editor/);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    expect(await within(dialog).findByText('The dataset was not shared')).toBeInTheDocument();
    expect(within(dialog).getByText('permissions[0].id: no user 3')).toBeInTheDocument();
    expect(within(dialog).getByText(/Status 400/)).toBeInTheDocument();
  });

  it('removes a user’s access after a confirm that names them', async () => {
    const user = userEvent.setup();
    const sharing = givenSharing([
      { id: '2', type: 'USER', accessLevel: 'CAN_EDIT', name: 'Ben Analyst' },
      { id: '102', type: 'GROUP', accessLevel: 'CAN_SHARE', name: 'Finance' },
    ]);
    await openSharing();

    await user.click(await screen.findByRole('button', { name: 'Remove access for Ben Analyst' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove access for Ben Analyst?' });
    expect(sharing.removed).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove access' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sharing.removed).toEqual(['USER/2']);
    const table = screen.getByRole('table', { name: 'People and groups with access' });
    await vi.waitFor(() =>
      expect(within(table).queryByText('Ben Analyst')).not.toBeInTheDocument(),
    );
    expect(within(table).getByText('Finance')).toBeInTheDocument();
  });

  it('removes a group’s access through the GROUP path, and cancel removes nothing', async () => {
    const user = userEvent.setup();
    const sharing = givenSharing([
      { id: '102', type: 'GROUP', accessLevel: 'CAN_SHARE', name: 'Finance' },
    ]);
    await openSharing();
    await user.click(await screen.findByRole('button', { name: 'Remove access for Finance' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(sharing.removed).toEqual([]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove access for Finance' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }),
    );
    await vi.waitFor(() => expect(sharing.removed).toEqual(['GROUP/102']));
  });
});

describe('/datasets/:datasetId/sharing, changing a level in place', { timeout: 20_000 }, () => {
  it('shares again at the new level, without email, and keeps the new level', async () => {
    const user = userEvent.setup();
    const sharing = givenSharing([
      { id: '102', type: 'GROUP', accessLevel: 'CAN_SHARE', name: 'Finance' },
    ]);
    await openSharing();
    const level = await screen.findByRole('combobox', { name: 'Access of Finance' });
    await user.click(level);
    await user.click(await screen.findByRole('option', { name: /^Can edit/ }));

    expect(await screen.findByText('Finance now has “can edit” access')).toBeInTheDocument();
    expect(sharing.shared).toEqual([
      { permissions: [{ id: '102', type: 'GROUP', accessLevel: 'CAN_EDIT' }], sendEmail: false },
    ]);
    expect(screen.getByRole('combobox', { name: 'Access of Finance' })).toHaveTextContent(
      'Can edit',
    );
  });

  it('puts the old level back and says why when the platform refuses', async () => {
    const user = userEvent.setup();
    givenSharing([{ id: '102', type: 'GROUP', accessLevel: 'CAN_SHARE', name: 'Finance' }]);
    server.use(
      http.post(`${base}/share`, () =>
        HttpResponse.json({ message: 'You need co-owner access' }, { status: 403 }),
      ),
    );
    await openSharing();
    await user.click(await screen.findByRole('combobox', { name: 'Access of Finance' }));
    await user.click(await screen.findByRole('option', { name: /^Co-owner/ }));

    expect(
      await screen.findByText('The access of Finance was not changed: You need co-owner access'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Access of Finance' })).toHaveTextContent(
      'Can share',
    );
  });
});
