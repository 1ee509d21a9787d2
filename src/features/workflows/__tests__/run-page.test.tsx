import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aLogEntry, aRun, aWorkflow, givenWorkflows } from './fake-platform';

const running = () =>
  aRun({
    status: 'IN_PROGRESS',
    finishedAt: null,
    steps: [
      {
        id: 'check',
        name: 'Check the order',
        type: 'transform',
        status: 'COMPLETED',
        startedAt: '2026-11-25T09:00:00.000Z',
        finishedAt: '2026-11-25T09:00:01.000Z',
        error: null,
      },
      {
        id: 'tell',
        name: 'Tell finance',
        type: 'notify',
        status: 'IN_PROGRESS',
        startedAt: '2026-11-25T09:00:01.000Z',
        finishedAt: null,
        error: null,
      },
    ],
  });

describe('/workflows/runs/:runId', { timeout: 30_000 }, () => {
  it('reads the log incrementally (after=seq) while the run is active, and pause stops reading', async () => {
    const user = userEvent.setup();
    const fake = givenWorkflows([aWorkflow()], [running()]);
    fake.logs.set('run-1', [aLogEntry(1, 'started'), aLogEntry(2, 'checked the order')]);
    renderApp('/workflows/runs/run-1');

    const log = await screen.findByRole('log', { name: 'Run log' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    await within(log).findByText('checked the order');
    expect(screen.getByRole('listitem', { name: 'Tell finance: IN_PROGRESS' })).toBeInTheDocument();

    fake.logs.get('run-1')?.push(aLogEntry(3, 'notified finance'));
    await within(log).findByText('notified finance', undefined, { timeout: 5_000 });
    expect(fake.logReads[0]).toBe(0);
    expect(fake.logReads).toContain(2);
    expect(within(log).getAllByText(/started|checked|notified/)).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const readsWhenPaused = fake.logReads.length;
    fake.logs.get('run-1')?.push(aLogEntry(4, 'should wait'));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(fake.logReads.length).toBe(readsWhenPaused);
    expect(within(log).queryByText('should wait')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await within(log).findByText('should wait', undefined, { timeout: 5_000 });
    expect(fake.logReads.at(-1)).toBeGreaterThanOrEqual(3);

    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'finance');
    // The search applies once typing pauses.
    expect(await screen.findByText(/1 of 4 lines/)).toBeInTheDocument();
    expect(within(log).getByText('notified finance')).toBeInTheDocument();
    expect(within(log).queryByText('started')).toBeNull();
    expect(screen.getByText(/1 of 4 lines/)).toBeInTheDocument();
  });

  it('cancels a running run after asking', async () => {
    const user = userEvent.setup();
    const fake = givenWorkflows([aWorkflow()], [running()]);
    renderApp('/workflows/runs/run-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(fake.runs[0]?.status).toBe('CANCELED'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull());
  });

  it('shows why a failed run failed, and re-runs it with the same input', async () => {
    const user = userEvent.setup();
    const fake = givenWorkflows(
      [aWorkflow()],
      [
        aRun({
          status: 'FAILED',
          error: 'Step check: orderNumber is missing',
          input: { orderNumber: 9 },
        }),
      ],
    );
    const { router } = renderApp('/workflows/runs/run-1');
    expect(await screen.findByText('Step check: orderNumber is missing')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflows/runs/run-101'));
    expect(fake.bodies.at(-1)?.body).toEqual({ input: { orderNumber: 9 } });
  });

  it('404: the run does not exist or is not visible', async () => {
    givenWorkflows([]);
    renderApp('/workflows/runs/nope');
    expect(await screen.findByText('Cannot find this run')).toBeInTheDocument();
  });
});
