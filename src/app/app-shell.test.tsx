import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { datastoreKeys } from '../api/datastores';
import { aDatastore, aGatewayStatus } from '../test/data';
import { renderApp, renderRoutes } from '../test/render';
import { server } from '../test/server';
import { RouteErrorFallback } from './routes/RouteErrorFallback';
import { THEME_MODE_STORAGE_KEY } from './theme';
import { screens } from './screens';

const givenDatastores = () =>
  server.use(http.get('/api/datastores/v1/', () => HttpResponse.json([aDatastore()])));

describe('console shell', () => {
  it('sends / to the document store', async () => {
    givenDatastores();
    const { router } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Document store' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/datastores');
  });

  it('has the product name, a navigation of the screens, and marks the current one', async () => {
    givenDatastores();
    renderApp('/datastores');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Platform Console' })).toHaveAttribute(
      'href',
      '/datastores',
    );
    const link = within(nav).getByRole('link', { name: 'Document store' });
    expect(link).toHaveAttribute('href', '/datastores');
    expect(link).toHaveAttribute('aria-current', 'page');
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(screens.map((s) => s.label));
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page')).toEqual([link]);
  });

  it('answers an unknown address with a 404 page', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute(
      'href',
      '/datastores',
    );
    expect(document.title).toBe('Page not found · Platform Console');
  });

  it('catches a screen that crashes, with a Reload button', async () => {
    const Crash = () => {
      throw new Error('kaboom');
    };
    const quiet = console.error;
    console.error = () => {};
    try {
      renderRoutes([{ path: '/', Component: Crash, ErrorBoundary: RouteErrorFallback }]);
      expect(await screen.findByText('This page stopped working')).toBeInTheDocument();
    } finally {
      console.error = quiet;
    }
    expect(screen.getByText('kaboom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('upstream indicator', () => {
  it('names the embedded platform when it answers', async () => {
    renderApp('/nowhere');
    const chip = await screen.findByRole('status', { name: 'Upstream: Embedded platform' });
    expect(chip).toHaveAttribute('data-reachable', 'true');
  });

  it("names a real instance by host, and says when it doesn't answer", async () => {
    server.use(
      http.get('/gateway/status', () =>
        HttpResponse.json(
          aGatewayStatus({
            mode: 'remote',
            upstreams: [
              { name: 'base', host: 'acme.example.com', reachable: false, latencyMs: null },
              { name: 'api', host: 'api.example.com', reachable: true, latencyMs: 20 },
            ],
          }),
        ),
      ),
    );
    renderApp('/nowhere');
    const chip = await screen.findByRole('status', {
      name: 'Upstream: acme.example.com unreachable',
    });
    expect(chip).toHaveAttribute('data-reachable', 'false');
    await userEvent.hover(chip);
    expect(
      await screen.findByText('Platform API (acme.example.com): unreachable'),
    ).toBeInTheDocument();
    expect(screen.getByText('Workflow API (api.example.com): 20 ms')).toBeInTheDocument();
  });

  it('says when the console server itself does not answer', async () => {
    server.use(http.get('/gateway/status', () => HttpResponse.error()));
    renderApp('/nowhere');
    expect(
      await screen.findByRole('status', { name: 'Upstream: Console server unreachable' }),
    ).toBeInTheDocument();
  });
});

describe('theme', () => {
  it('offers system, light and dark, and remembers the choice (and nothing else) in localStorage', async () => {
    const user = userEvent.setup();
    renderApp('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Change theme' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['System', 'Light', 'Dark']);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));

    await waitFor(() => expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('dark'));
    expect(Object.keys(localStorage).every((key) => key.startsWith('platform-console.'))).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Change theme' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});

describe('narrow screens', () => {
  const wide = window.innerWidth;
  afterEach(() => {
    window.innerWidth = wide;
  });

  it('hides the navigation behind a menu button', async () => {
    window.innerWidth = 500;
    givenDatastores();
    renderApp('/datastores');
    const menuButton = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.click(menuButton);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Document store' })).toBeInTheDocument();
  });
});

describe('errors of queries', () => {
  it('a failed first load renders in place and raises no toast', async () => {
    server.use(
      http.get('/api/datastores/v1/', () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
    );
    renderApp('/datastores');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('down')).toBeInTheDocument();
    expect(screen.queryByText(/Could not refresh/)).not.toBeInTheDocument();
  });

  it('a failed background refresh keeps the data and raises a toast', async () => {
    givenDatastores();
    const { queryClient } = renderApp('/datastores');
    expect(await screen.findByRole('link', { name: 'Inventory' })).toBeInTheDocument();

    server.use(
      http.get('/api/datastores/v1/', () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
    );
    await act(() => queryClient.refetchQueries({ queryKey: datastoreKeys.lists() }));

    expect(await screen.findByText('Could not refresh: down')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inventory' })).toBeInTheDocument();
  });
});
