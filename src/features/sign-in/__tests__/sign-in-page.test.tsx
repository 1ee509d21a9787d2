import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GatewayStatus } from '../../../api/contract';
import { aGatewayStatus } from '../../../test/data';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

type Auth = NonNullable<GatewayStatus['auth']>;
const ada = { name: 'Ada Admin', email: 'ada@example.com', userId: 1 };

/** The gateway's status names how people sign in; `signedIn` is read on every request. */
function givenAuth(auth: Auth, session = { signedIn: false }) {
  server.use(
    http.get('/gateway/status', () =>
      HttpResponse.json(
        aGatewayStatus({ auth: { ...auth, person: session.signedIn ? ada : auth.person } }),
      ),
    ),
  );
  return session;
}

/** POST /gateway/sign-in answers `answer`; the bodies it was sent are kept. */
function givenSignIn(answer: () => Response | Promise<Response>) {
  const sent: unknown[] = [];
  server.use(
    http.post('/gateway/sign-in', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

const emailField = () => screen.findByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText('Password');

async function signInAs(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await emailField(), email);
  await user.type(passwordField(), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page, with email and password', () => {
  it('is a card under the product name, without the navigation', async () => {
    givenAuth({ mode: 'platform', person: null });
    renderApp('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Platform Console')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    // The title is set by an effect after the page renders: on a busy machine, a moment later.
    await waitFor(() => expect(document.title).toBe('Sign in · Platform Console'));

    const email = await emailField();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
  });

  it('says next to each field what is missing or wrong, and sends nothing', async () => {
    givenAuth({ mode: 'platform', person: null });
    const sent = givenSignIn(() => new HttpResponse(null, { status: 204 }));
    const user = userEvent.setup();
    renderApp('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(await emailField()).toHaveAccessibleDescription('Enter your email');
    expect(passwordField()).toHaveAccessibleDescription('Enter your password');

    await user.type(await emailField(), 'ada');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Enter an email address, such as name@example.com'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('forgets every answer given to whoever was signed in before', async () => {
    givenAuth({ mode: 'platform', person: null });
    const { queryClient } = renderApp('/sign-in');
    queryClient.setQueryData(['datastores', 'someone else'], ['theirs']);
    expect(await emailField()).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData(['datastores', 'someone else'])).toBeUndefined(),
    );
  });

  it('signs in, asks every answer afresh, and goes back to next', async () => {
    const session = givenAuth({ mode: 'platform', person: null });
    const sent = givenSignIn(async () => {
      await delay(50);
      session.signedIn = true;
      return new HttpResponse(null, { status: 204 });
    });
    const { router, queryClient } = renderApp('/sign-in?next=%2Fnowhere%3Ftab%3Dx');
    await emailField();
    queryClient.setQueryData(['datastores', 'cached'], ['from before']);

    await signInAs(' ada@example.com ', 'secret words');
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toBeDisabled();
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nowhere');
    expect(router.state.location.search).toBe('?tab=x');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sent).toEqual([{ email: 'ada@example.com', password: 'secret words' }]);
    expect(queryClient.getQueryState(['datastores', 'cached'])?.isInvalidated).toBe(true);
  });

  it('shows the one message of a refusal above the button', async () => {
    givenAuth({ mode: 'platform', person: null });
    givenSignIn(() => HttpResponse.json({ message: 'Wrong email or password' }, { status: 401 }));
    const { router } = renderApp('/sign-in?next=/nowhere');
    await signInAs('ada@example.com', 'nope');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('says until when signing in is held back after too many attempts', async () => {
    givenAuth({ mode: 'platform', person: null });
    givenSignIn(() =>
      HttpResponse.json(
        { message: 'Too many attempts: try again after 14:05', retryAfter: 300 },
        { status: 429 },
      ),
    );
    renderApp('/sign-in');
    await signInAs('ada@example.com', 'again');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts: try again after 14:05',
    );
  });

  it('shows an unexpected failure as every error is shown, with its status and trace id', async () => {
    givenAuth({ mode: 'platform', person: null });
    givenSignIn(() =>
      HttpResponse.json({ message: 'Upstream broke', toe: 'A1B2C3' }, { status: 500 }),
    );
    renderApp('/sign-in');
    await signInAs('ada@example.com', 'secret');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not sign in')).toBeInTheDocument();
    expect(within(alert).getByText('Upstream broke')).toBeInTheDocument();
    expect(within(alert).getByText(/Status 500/)).toBeInTheDocument();
    expect(within(alert).getByText('A1B2C3')).toBeInTheDocument();
  });
});

describe('sign-in page, with an OpenID Connect provider', () => {
  it('sends the whole page to the gateway, which comes back to next', async () => {
    givenAuth({ mode: 'oidc', person: null, signInWith: 'Acme SSO' });
    renderApp('/sign-in?next=%2Fdatasets%3Fpage%3D2');
    const start = await screen.findByRole('link', { name: 'Sign in with Acme SSO' });
    expect(start).toHaveAttribute('href', '/gateway/oidc/start?next=%2Fdatasets%3Fpage%3D2');
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('never passes on a next that leaves the console, and names no provider it was not told', async () => {
    givenAuth({ mode: 'oidc', person: null });
    renderApp('/sign-in?next=%2F%2Fevil.example');
    const start = await screen.findByRole('link', { name: 'Sign in with your provider' });
    expect(start).toHaveAttribute('href', '/gateway/oidc/start?next=%2F');
  });

  it("shows the gateway's message when signing in there failed", async () => {
    givenAuth({ mode: 'oidc', person: null, signInWith: 'Acme SSO' });
    renderApp('/sign-in?error=Your%20account%20is%20not%20allowed%20here');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not allowed here');
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toBeInTheDocument();
  });
});

describe('sign-in page, when there is nothing to sign in to', () => {
  it('says so when the session has ended', async () => {
    givenAuth({ mode: 'platform', person: null });
    givenSignIn(() => HttpResponse.json({ message: 'Wrong email or password' }, { status: 401 }));
    renderApp('/sign-in?next=/nowhere&reason=ended');
    const notice = await screen.findByText('Your session has ended: sign in again');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // Beside it, a refusal is the one alert.
    await signInAs('ada@example.com', 'nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('goes straight to next in mode none', async () => {
    const { router } = renderApp('/sign-in?next=/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nowhere');
  });

  it('goes straight to next when the person is signed in already', async () => {
    givenAuth({ mode: 'platform', person: ada });
    const { router } = renderApp('/sign-in?next=/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nowhere'));
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('offers to try again when the gateway does not say how to sign in', async () => {
    server.use(http.get('/gateway/status', () => HttpResponse.error()));
    renderApp('/sign-in');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Cannot tell how to sign in')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
