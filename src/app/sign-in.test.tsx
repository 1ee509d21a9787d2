import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accessKeys } from '../api/access';
import type { GatewayStatus } from '../api/contract';
import { gatewayKeys, gatewayStatusQueryOptions } from '../api/gateway';
import { aGatewayStatus, testMe } from '../test/data';
import { renderApp } from '../test/render';
import { server } from '../test/server';

type Mode = NonNullable<GatewayStatus['auth']>['mode'];
const ada = { name: 'Ada Admin', email: 'ada@example.com', userId: 1 };

/** Team sign-in: the gateway names the person while `session.signedIn`. */
function givenTeamSignIn(mode: Mode = 'platform', session = { signedIn: true }) {
  server.use(
    http.get('/gateway/status', () =>
      HttpResponse.json(aGatewayStatus({ auth: { mode, person: session.signedIn ? ada : null } })),
    ),
  );
  return session;
}

const personIn = (client: QueryClient) =>
  client.getQueryData(gatewayStatusQueryOptions().queryKey)?.auth?.person;

const searchOf = (router: ReturnType<typeof renderApp>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('team sign-in in the app shell', () => {
  it('sends a browser nobody is signed in on to the sign-in page, and back here after', async () => {
    givenTeamSignIn('platform', { signedIn: false });
    const { router } = renderApp('/nowhere?tab=x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(searchOf(router)).toEqual({ next: '/nowhere?tab=x' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('shows the screens to the person signed in', async () => {
    givenTeamSignIn();
    const { router } = renderApp('/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nowhere');
  });

  it('goes to the sign-in page, saying why, when a request meets an ended session', async () => {
    const session = givenTeamSignIn();
    server.use(
      http.get('/api/datastores/v1/', () => {
        session.signedIn = false;
        return HttpResponse.json(
          { message: 'Your session has ended. Sign in again.', signIn: '/sign-in' },
          { status: 401 },
        );
      }),
    );
    const { router, queryClient } = renderApp('/nowhere');
    await waitFor(() => expect(personIn(queryClient)).toEqual(ada));

    await act(() => router.navigate('/datastores?page=2'));
    expect(await screen.findByText('Your session has ended: sign in again')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(searchOf(router)).toEqual({ next: '/datastores?page=2', reason: 'ended' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('says the session has ended when the gateway says so, before the page knew the person', async () => {
    // A disabled person's session ends at their next request to the platform: the gateway's
    // status or the screen's own request may be the first to meet it.
    server.use(
      http.get('/gateway/status', () =>
        HttpResponse.json(
          aGatewayStatus({ auth: { mode: 'platform', person: null, sessionEnded: true } }),
        ),
      ),
      http.get('/api/datastores/v1/', () =>
        HttpResponse.json(
          { message: 'Your session has ended: sign in again', signIn: '/sign-in' },
          { status: 401 },
        ),
      ),
    );
    const { router } = renderApp('/datastores');
    expect(await screen.findByText('Your session has ended: sign in again')).toBeVisible();
    expect(searchOf(router)).toEqual({ next: '/datastores', reason: 'ended' });
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('only asks to sign in when there was no session', async () => {
    givenTeamSignIn('platform', { signedIn: false });
    server.use(
      http.get('/api/datastores/v1/', () =>
        HttpResponse.json(
          { message: 'Sign in to use the console', signIn: '/sign-in' },
          { status: 401 },
        ),
      ),
    );
    const { router } = renderApp('/datastores');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ next: '/datastores' });
    expect(screen.queryByText('Your session has ended: sign in again')).not.toBeInTheDocument();
  });

  it('leaves a 401 that does not name the sign-in page to the screen', async () => {
    givenTeamSignIn();
    server.use(
      http.get('/api/datastores/v1/', () =>
        HttpResponse.json({ message: 'Token refused' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/datastores');
    expect(await screen.findByText('Token refused')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/datastores');
  });

  it('goes to the sign-in page, saying why, when the gateway stops naming the person', async () => {
    const session = givenTeamSignIn();
    const { router, queryClient } = renderApp('/nowhere');
    await waitFor(() => expect(personIn(queryClient)).toEqual(ada));
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();

    session.signedIn = false; // signed out in another tab
    await act(() => queryClient.refetchQueries({ queryKey: gatewayKeys.status() }));
    expect(await screen.findByText('Your session has ended: sign in again')).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ next: '/nowhere', reason: 'ended' });
  });
});

describe('user menu', () => {
  it('names the person, and in team sign-in signs them out and forgets what they were shown', async () => {
    const session = givenTeamSignIn();
    let signOuts = 0;
    server.use(
      http.post('/gateway/sign-out', () => {
        signOuts += 1;
        session.signedIn = false;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/content/v2/users/me', () =>
        session.signedIn
          ? HttpResponse.json(testMe)
          : HttpResponse.json({ message: 'Sign in first', signIn: '/sign-in' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/nowhere');
    const button = await screen.findByRole('button', { name: 'Signed in as Ada Admin · Admin' });
    expect(button).toHaveTextContent('Ada Admin · Admin');
    await user.click(button);

    const menu = await screen.findByRole('dialog', { name: 'Ada Admin' });
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Role: Admin')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(signOuts).toBe(1);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('Your session has ended: sign in again')).not.toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(accessKeys.me())).toBeUndefined());
  });

  it('offers no Sign out to the one operator of mode none', async () => {
    const user = userEvent.setup();
    renderApp('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Signed in as Ada Admin · Admin' }));
    const menu = await screen.findByRole('dialog', { name: 'Ada Admin' });
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Role: Admin')).toBeInTheDocument();
    expect(within(menu).getByText('Grants: Manage security, Workflow API')).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
