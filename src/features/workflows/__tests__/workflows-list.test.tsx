import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aWorkflow, givenWorkflows } from './fake-platform';

describe('/workflows', { timeout: 20_000 }, () => {
  it('lists name, description, version, owner and last run; filters by name in the URL', async () => {
    const user = userEvent.setup();
    givenWorkflows([
      aWorkflow({
        lastRun: {
          id: 'run-9',
          status: 'FAILED',
          startedAt: '2026-11-25T09:00:00.000Z',
          finishedAt: '2026-11-25T09:01:00.000Z',
        },
      }),
      aWorkflow({ id: 'wf-2', name: 'Nightly orders sync', description: '', version: 1 }),
    ]);
    const { router } = renderApp('/workflows');

    const table = await screen.findByRole('table', { name: 'Workflows' });
    const refund = within(table).getByRole('row', { name: /Refund approvals/ });
    expect(refund).toHaveTextContent('Checks a refund and tells finance.');
    expect(refund).toHaveTextContent('Failed');
    expect(within(refund).getByRole('link', { name: /2026/ })).toHaveAttribute(
      'href',
      '/workflows/runs/run-9',
    );
    expect(within(table).getByRole('row', { name: /Nightly orders sync/ })).toHaveTextContent(
      'Never run',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Workflow name' }), 'nightly');
    await waitFor(() =>
      expect(within(table).queryByRole('link', { name: 'Refund approvals' })).toBeNull(),
    );
    await expect.poll(() => router.state.location.search, { timeout: 5_000 }).toBe('?q=nightly');
    expect(within(table).getByRole('link', { name: 'Nightly orders sync' })).toBeInTheDocument();
  });

  it('takes /workflows/runs, the parent of the run pages, to the list (no workflow named "runs")', async () => {
    givenWorkflows([aWorkflow()]);
    const { router } = renderApp('/workflows/runs');
    const table = await screen.findByRole('table', { name: 'Workflows' });
    expect(within(table).getByRole('link', { name: 'Refund approvals' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workflows');
    expect(screen.queryByText(/Unexpected answer/)).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    givenWorkflows([]);
    renderApp('/workflows');
    expect(await screen.findByRole('heading', { name: 'No workflows yet' })).toBeInTheDocument();
  });

  it('401: the gateway’s access token is missing or invalid', async () => {
    givenWorkflows([], [], { deny: 401 });
    renderApp('/workflows');
    expect(
      await screen.findByText('The console’s access token for workflows is missing or invalid'),
    ).toBeInTheDocument();
    expect(screen.getByText('PLATFORM_ACCESS_TOKEN')).toBeInTheDocument();
  });

  it('403: the token’s user needs the Workflow API grant, through a role', async () => {
    givenWorkflows([], [], { deny: 403 });
    renderApp('/workflows');
    expect(await screen.findByText('No permission to use workflows')).toBeInTheDocument();
    expect(screen.getByText('Workflow API')).toBeInTheDocument();
    // The Security area's Roles tab (the area itself opens on its tokens).
    expect(screen.getByRole('link', { name: 'roles and their grants' })).toHaveAttribute(
      'href',
      '/security/roles',
    );
  });

  it('404: the workflow does not exist or is not visible', async () => {
    givenWorkflows([]);
    renderApp('/workflows/nope');
    expect(await screen.findByText('Cannot find this workflow')).toBeInTheDocument();
    expect(
      screen.getByText(/does not exist, or the access token’s user may not see it/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All workflows' })).toHaveAttribute(
      'href',
      '/workflows',
    );
  });
});
