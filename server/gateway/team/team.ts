import * as z from 'zod';
import { safeNextPath } from '../../../src/api/contract/safe-next-path';
import { SIGN_IN_PATH } from '../../../src/api/contract/sign-in';
import { API_ANSWER_HEADERS } from '../headers';
import { jsonError } from '../json-error';
import { OidcRefused, type OidcSignIn } from './oidc';
import { GENERIC_REFUSAL, SignInRefused, type PeopleDirectory } from './people';
import { SessionStore, type Person, type PersonTokens, type SqlClient } from './sessions';
import { SignInThrottle } from './throttle';

/** The gateway's team mode (CONSOLE_AUTH=platform|oidc). */
export interface TeamOptions {
  mode: 'platform' | 'oidc';
  db: SqlClient;
  people: PeopleDirectory;
  idleMs: number;
  /** Served over https (CONSOLE_PUBLIC_URL): the cookie is `__Host-` prefixed and Secure. */
  secure: boolean;
  oidc?: OidcSignIn;
  log?: (line: string) => void;
  now?: () => number;
}

const signInBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const timeOf = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;

export interface Authorized {
  person: Person;
  tokens: PersonTokens;
  sessionId: string;
}

/** What the gateway asks of its team mode. */
export interface Team {
  mode: 'platform' | 'oidc';
  /** The `auth` part of `GET /gateway/status`. */
  status(request: Request): Promise<{
    mode: 'platform' | 'oidc';
    person: Person | null;
    signInWith?: string;
    sessionEnded?: boolean;
    sessionId?: string;
  }>;
  /** `/gateway/sign-in`, `/gateway/sign-out`, `/gateway/oidc/*`; undefined for other paths. */
  handle(request: Request, url: URL, client: string | undefined): Promise<Response | undefined>;
  /** The signed-in person's tokens, or the 401 to answer. */
  authorize(request: Request): Promise<Authorized | Response>;
  /** The platform refused the person's credential: their session is over, on every process. */
  ended(authorized: Authorized, client: string | undefined): Promise<Response>;
}

export function createTeam(options: TeamOptions): Team {
  const now = options.now ?? Date.now;
  const sessions = new SessionStore(options.db, options.idleMs, now);
  const throttle = new SignInThrottle(options.db, now);
  const log = options.log ?? (() => {});
  const cookieName = options.secure ? '__Host-console-session' : 'console-session';
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  const sessionCookie = (id: string, expires: Date) =>
    `${cookieName}=${id}; ${cookieAttributes}; Expires=${expires.toUTCString()}`;
  const clearCookie = `${cookieName}=; ${cookieAttributes}; Max-Age=0`;
  const cookieOf = (request: Request) => cookieValue(request.headers.get('cookie'), cookieName);

  const signedOut = (message: string) => {
    const response = jsonError(401, message, { signIn: SIGN_IN_PATH });
    response.headers.append('set-cookie', clearCookie);
    return response;
  };

  /** A fresh session for `opened`; the browser's previous one (if any) ends first. */
  async function openSession(
    request: Request,
    opened: Awaited<ReturnType<PeopleDirectory['signIn']>>,
  ) {
    await sessions.close(cookieOf(request));
    const { id, expires } = await sessions.open(opened);
    return sessionCookie(id, expires);
  }

  async function signIn(request: Request, client: string | undefined): Promise<Response> {
    if (options.mode !== 'platform')
      return jsonError(
        404,
        'Sign-in with a password is off: this console signs in through OpenID Connect',
      );
    let raw: unknown;
    try {
      raw = await request.json();
    } catch {
      return jsonError(400, 'Send JSON: {"email": "…", "password": "…"}');
    }
    const parsed = signInBody.safeParse(raw);
    if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Bad request');
    const { email, password } = parsed.data;
    const refused = await throttle.refused(email, client);
    if (refused) {
      const seconds = Math.max(1, Math.ceil((refused.until.getTime() - now()) / 1000));
      const whose = refused.prefix === 'account' ? 'this account' : 'this address';
      const response = jsonError(
        429,
        `Too many failed sign-ins for ${whose}: try again after ${timeOf(refused.until)}`,
        { until: refused.until.toISOString(), retryAfter: seconds },
      );
      response.headers.set('retry-after', String(seconds));
      return response;
    }
    try {
      const opened = await options.people.signIn({ method: 'password', email, password }, client);
      await throttle.succeeded(email);
      const cookie = await openSession(request, opened);
      log(`gateway: ${opened.person.email} signed in`);
      return new Response(null, {
        status: 204,
        headers: { ...API_ANSWER_HEADERS, 'set-cookie': cookie },
      });
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      if (error.counts || error.reason === 'PERSON_DISABLED') {
        const wait = await throttle.failed(email, client);
        await sleep(wait);
      }
      return jsonError(
        error.reason === 'NOT_MAPPED' ? 403 : 401,
        error.counts ? GENERIC_REFUSAL : error.message,
      );
    }
  }

  async function signOut(request: Request, client: string | undefined): Promise<Response> {
    const id = cookieOf(request);
    const session = await sessions.find(id);
    await sessions.close(id);
    if (session) {
      await options.people.signOut(session, client).catch((error: unknown) => {
        // The gateway's session is gone already: the person is signed out whatever the platform says.
        log(
          `gateway: ending a platform session failed (${error instanceof Error ? error.message : String(error)})`,
        );
      });
    }
    return new Response(null, {
      status: 204,
      headers: { ...API_ANSWER_HEADERS, 'set-cookie': clearCookie },
    });
  }

  const toSignIn = (message: string) =>
    new Response(null, {
      status: 302,
      headers: {
        ...API_ANSWER_HEADERS,
        location: `${SIGN_IN_PATH}?error=${encodeURIComponent(message)}`,
      },
    });

  async function oidcStart(url: URL): Promise<Response> {
    if (!options.oidc) return jsonError(404, 'This console signs in with a password');
    try {
      const target = await options.oidc.start(safeNextPath(url.searchParams.get('next')));
      return new Response(null, {
        status: 302,
        headers: { ...API_ANSWER_HEADERS, location: target.href },
      });
    } catch (error) {
      log(
        `gateway: the OpenID Connect provider cannot be reached (${error instanceof Error ? error.message : String(error)})`,
      );
      return toSignIn(`${options.oidc.providerName} cannot be reached: try again in a minute`);
    }
  }

  async function oidcCallback(request: Request, url: URL, client: string | undefined) {
    if (!options.oidc) return jsonError(404, 'This console signs in with a password');
    try {
      const { person, next } = await options.oidc.finish(url);
      const opened = await options.people.signIn({ method: 'oidc', email: person.email }, client);
      const cookie = await openSession(request, opened);
      log(`gateway: ${opened.person.email} signed in through ${options.oidc.providerName}`);
      return new Response(null, {
        status: 302,
        headers: { ...API_ANSWER_HEADERS, location: safeNextPath(next), 'set-cookie': cookie },
      });
    } catch (error) {
      if (error instanceof OidcRefused || error instanceof SignInRefused)
        return toSignIn(error.message);
      throw error;
    }
  }

  return {
    mode: options.mode,
    async status(request) {
      const id = cookieOf(request);
      const session = await sessions.find(id, { activity: false });
      return {
        mode: options.mode,
        person: session?.person ?? null,
        ...(id && !session ? { sessionEnded: true } : {}),
        ...(session?.platformSession ? { sessionId: session.platformSession } : {}),
        ...(options.oidc ? { signInWith: options.oidc.providerName } : {}),
      };
    },
    async handle(request, url, client) {
      const { pathname } = url;
      const method = request.method;
      if (pathname === '/gateway/sign-in' && method === 'POST') return signIn(request, client);
      if (pathname === '/gateway/sign-out' && method === 'POST') return signOut(request, client);
      if (pathname === '/gateway/oidc/start' && method === 'GET') return oidcStart(url);
      if (pathname === '/gateway/oidc/callback' && method === 'GET')
        return oidcCallback(request, url, client);
      return undefined;
    },
    async authorize(request) {
      const id = cookieOf(request);
      const session = await sessions.find(id);
      if (!session || !id)
        return signedOut(
          id ? 'Your session has ended: sign in again' : 'Sign in to use the console',
        );
      const tokens = options.people.tokensOf(session);
      if (!tokens) {
        await sessions.close(id);
        return signedOut(
          `No platform credentials are configured for ${session.person.email} any more: sign in again once an administrator adds them`,
        );
      }
      return { person: session.person, tokens, sessionId: id };
    },
    async ended(authorized, client) {
      const session = await sessions.close(authorized.sessionId);
      if (session)
        await options.people
          .signOut(
            {
              person: authorized.person,
              tokens: authorized.tokens,
              platformSession: session.platformSession,
            },
            client,
          )
          .catch(() => {});
      log(
        `gateway: the platform refused ${authorized.person.email}'s credentials; their session ends`,
      );
      return signedOut('Your session has ended: sign in again');
    },
  };
}
