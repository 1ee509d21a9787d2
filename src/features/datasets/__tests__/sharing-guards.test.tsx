import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { testMe } from '../../../test/data';
import { aDataset } from './data';
import { givenDataset } from './handlers';

const dataset = aDataset();
const refused = (needed: string) => ({ allowed: false, status: 403, needed });

/** Ben (user 2) holds CAN_EDIT: he gives up to CAN_EDIT, lowers and removes nobody, not himself. */
function givenCanEdit() {
  givenDataset();
  server.use(
    http.get('/api/content/v2/users/me', () =>
      HttpResponse.json({ ...testMe, id: 2, displayName: 'Ben Analyst', role: 'Privileged' }),
    ),
    http.get('/api/access/v1/datasets/:id', () =>
      HttpResponse.json({
        level: 'CAN_EDIT',
        operations: {
          read: { allowed: true },
          share: { allowed: true },
          edit: { allowed: true },
          manage: refused('CO_OWNER'),
        },
        sharing: {
          grantable: ['CAN_SHARE', 'CAN_EDIT'],
          removeOthers: refused('CO_OWNER'),
          changeOwn: refused('the owner, another co-owner or an Admin'),
        },
      }),
    ),
    http.get('/api/data/v3/datasources/:id/permissions', () =>
      HttpResponse.json({
        list: [
          { id: '2', type: 'USER', accessLevel: 'CAN_EDIT', name: 'Ben Analyst' },
          { id: '9', type: 'USER', accessLevel: 'CO_OWNER', name: 'Nina Nine' },
          { id: '102', type: 'GROUP', accessLevel: 'CAN_SHARE', name: 'Finance' },
        ],
      }),
    ),
  );
}

const reasonOf = async (element: HTMLElement) => {
  const wrapper = element.closest('[data-guard="disabled"]') as HTMLElement;
  expect(wrapper).not.toBeNull();
  await userEvent.hover(wrapper);
  const tooltip = await screen.findByRole('tooltip');
  const text = tooltip.textContent;
  await userEvent.unhover(wrapper);
  return text;
};

describe('sharing what one may', { timeout: 30_000 }, () => {
  it('keeps a user from changing his own entry and from lowering or removing others', async () => {
    givenCanEdit();
    renderApp(`/datasets/${dataset.id}/sharing`);
    const table = await screen.findByRole('table', { name: 'People and groups with access' });
    const own = await within(table).findByRole('combobox', { name: 'Access of Ben Analyst' });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    expect(await reasonOf(own)).toMatch(/You may not change your own access/);
    const above = within(table).getByRole('combobox', { name: 'Access of Nina Nine' });
    expect(above).toHaveAttribute('aria-disabled', 'true');
    expect(await reasonOf(above)).toMatch(/You need CO_OWNER access to lower or remove/);
    for (const name of ['Ben Analyst', 'Nina Nine', 'Finance']) {
      const remove = within(table).getByRole('button', { name: `Remove access for ${name}` });
      expect(remove).toBeDisabled();
    }
    expect(
      await reasonOf(within(table).getByRole('button', { name: 'Remove access for Finance' })),
    ).toMatch(/You need CO_OWNER access/);
  });

  it('offers only the levels the user may give, in the table and in the Share dialog', async () => {
    const user = userEvent.setup();
    givenCanEdit();
    renderApp(`/datasets/${dataset.id}/sharing`);
    const table = await screen.findByRole('table', { name: 'People and groups with access' });
    const finance = await within(table).findByRole('combobox', { name: 'Access of Finance' });
    expect(finance).not.toHaveAttribute('aria-disabled');
    await user.click(finance);
    const levels = await screen.findAllByRole('option');
    expect(levels.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Can share/),
      expect.stringMatching(/^Can edit/),
    ]);
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Access level' }));
    const offered = await screen.findAllByRole('option');
    expect(offered.map((o) => o.textContent)).not.toContainEqual(
      expect.stringMatching(/^Co-owner/),
    );
    expect(offered).toHaveLength(2);
  });
});
