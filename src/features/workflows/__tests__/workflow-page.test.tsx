import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aRun, aWorkflow, givenWorkflows } from './fake-platform';

const pad = (n: number) => String(n).padStart(2, '0');
/** What a datetime-local field holds for this instant, in the test's own time zone. */
const toLocalInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

const withAllInputTypes = aWorkflow({
  definition: {
    inputs: [
      { name: 'orderNumber', type: 'number', required: true },
      { name: 'reason', type: 'string', required: true, description: 'Why' },
      { name: 'urgent', type: 'boolean' },
      { name: 'extra', type: 'json' },
    ],
    steps: [{ id: 'w', name: 'Pause', type: 'wait', seconds: 1 }],
  },
});

describe('/workflows/:id', { timeout: 30_000 }, () => {
  it('builds the Run form from the declared inputs, checks it, and sends typed values', async () => {
    const user = userEvent.setup();
    const fake = givenWorkflows([withAllInputTypes]);
    const { router } = renderApp('/workflows/wf-1');
    const form = await screen.findByRole('form', { name: 'Run the workflow' });

    await user.type(within(form).getByRole('textbox', { name: /extra/ }), '{{"a": ');
    await user.click(within(form).getByRole('button', { name: 'Run' }));
    expect(
      within(form).getByRole('spinbutton', { name: /orderNumber/ }),
    ).toHaveAccessibleDescription('A number is required');
    expect(within(form).getByRole('textbox', { name: /reason/ })).toHaveAccessibleDescription(
      'Required',
    );
    expect(within(form).getByRole('textbox', { name: /extra/ })).toHaveAccessibleDescription(
      /Not JSON/,
    );
    expect(fake.bodies).toEqual([]);

    await user.type(within(form).getByRole('spinbutton', { name: /orderNumber/ }), '42');
    await user.type(within(form).getByRole('textbox', { name: /reason/ }), 'Damaged');
    await user.click(within(form).getByRole('checkbox', { name: 'urgent' }));
    await user.type(within(form).getByRole('textbox', { name: /extra/ }), '1}');
    await user.click(within(form).getByRole('button', { name: 'Run' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/runs/run-101'));
    expect(fake.bodies).toEqual([
      {
        method: 'POST',
        path: '/v1/workflows/wf-1/runs',
        body: { input: { orderNumber: 42, reason: 'Damaged', urgent: true, extra: { a: 1 } } },
      },
    ]);
  });

  it('filters runs by several statuses and sorts them, in the URL', async () => {
    const user = userEvent.setup();
    givenWorkflows(
      [aWorkflow()],
      [
        aRun({
          id: 'run-a',
          status: 'COMPLETED',
          startedAt: '2026-11-25T09:00:00.000Z',
          finishedAt: '2026-11-25T09:00:01.000Z',
        }),
        aRun({
          id: 'run-b',
          status: 'FAILED',
          startedAt: '2026-11-25T08:00:00.000Z',
          finishedAt: '2026-11-25T08:05:00.000Z',
          error: 'notify failed',
        }),
        aRun({
          id: 'run-c',
          status: 'CANCELED',
          startedAt: '2026-11-25T07:00:00.000Z',
          finishedAt: '2026-11-25T07:00:30.000Z',
        }),
      ],
    );
    const { router } = renderApp('/workflows/wf-1');
    const table = await screen.findByRole('table', { name: 'Runs' });
    const ids = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent?.replace(/^Run /, ''));
    expect(ids()).toEqual(['run-a', 'run-b', 'run-c']);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findByRole('listbox');
    await user.click(within(options).getByRole('option', { name: 'Failed' }));
    await user.click(within(options).getByRole('option', { name: 'Canceled' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(ids()).toEqual(['run-b', 'run-c']));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('FAILED,CANCELED');

    await user.click(within(table).getByRole('button', { name: 'Duration' }));
    await waitFor(() => expect(ids()).toEqual(['run-b', 'run-c']));
    await user.click(within(table).getByRole('button', { name: 'Duration' }));
    await waitFor(() => expect(ids()).toEqual(['run-c', 'run-b']));
    expect(router.state.location.search).toContain('sort=duration');
    expect(router.state.location.search).toContain('dir=asc');

    await user.click(screen.getByRole('combobox', { name: 'Started' }));
    await user.click(await screen.findByRole('option', { name: 'Between two times' }));
    const from = await screen.findByLabelText('Started from');
    const localText = toLocalInput(new Date('2026-11-25T07:30:00.000Z'));
    await user.type(from, localText);
    await waitFor(() => expect(ids()).toEqual(['run-b']));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('range')).toBe('custom');
    expect(search.get('from')).toBe(localText);
    expect(search.get('status')).toBe('FAILED,CANCELED');
  });
});
