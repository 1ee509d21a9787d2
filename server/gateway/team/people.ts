import fs from 'node:fs';
import * as z from 'zod';
import { developerTokenHeader } from '../../config';
import { FORWARDED_FOR_SIGNATURE, signForwardedFor } from '../../forwarded-for';
import type { Person, PersonTokens, Session } from './sessions';

/** How a person proves who they are: their platform password, or a provider's verified email. */
export type SignInProof =
  { method: 'password'; email: string; password: string } | { method: 'oidc'; email: string };

/** A sign-in the platform or the configuration refuses; `counts` when it is a wrong guess. */
export class SignInRefused extends Error {
  constructor(
    message: string,
    readonly reason:
      | 'INVALID_CREDENTIALS'
      | 'UNKNOWN_PERSON'
      | 'PERSON_DISABLED'
      | 'SAMPLE_PASSWORD'
      | 'NOT_MAPPED',
    readonly counts: boolean,
  ) {
    super(message);
  }
}

export interface Opened {
  person: Person;
  /** Kept sealed in the session: the embedded platform mints them for it. */
  tokens?: PersonTokens;
  platformSession?: string;
}

/**
 * Where a person's own platform identity comes from. The gateway never acts for a signed-in
 * person with the configured administrator's token.
 */
export interface PeopleDirectory {
  signIn(proof: SignInProof, client: string | undefined): Promise<Opened>;
  signOut(session: Session, client: string | undefined): Promise<void>;
  /** The tokens a session acts with; undefined when the person may no longer act (refused). */
  tokensOf(session: Session): PersonTokens | undefined;
}

export const GENERIC_REFUSAL = 'The email or password is not right';

const consoleSession = z.object({
  id: z.string(),
  user: z.object({ id: z.number(), displayName: z.string(), emailAddress: z.string() }),
  developerToken: z.string(),
  accessToken: z.string(),
});
const refusalBody = z.object({ reason: z.string().optional(), message: z.string().optional() });

const CALL_TIMEOUT_MS = 10_000;

/**
 * The embedded platform: it checks the password (or takes the provider's word, from the
 * gateway's administrator token) and mints a developer and an access token for the session,
 * both the person's, both revoked when the session ends or the person is disabled
 * (`/api/access/v1/console-sessions`, docs/platform-gaps.md).
 */
export function embeddedPeople(input: {
  baseUrl: URL;
  brand: string;
  /** The configured developer token: the gateway's own, used only to open and end sessions. */
  adminToken: string;
}): PeopleDirectory {
  const headers = (client: string | undefined) => {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      [developerTokenHeader(input.brand)]: input.adminToken,
    };
    if (client) {
      h['x-forwarded-for'] = client;
      h[FORWARDED_FOR_SIGNATURE] = signForwardedFor(input.adminToken, client);
    }
    return h;
  };
  const url = (path: string) => new URL(path, input.baseUrl);
  return {
    async signIn(proof, client) {
      const response = await fetch(url('/api/access/v1/console-sessions'), {
        method: 'POST',
        headers: headers(client),
        body: JSON.stringify({
          emailAddress: proof.email,
          method: proof.method,
          ...(proof.method === 'password' ? { password: proof.password } : {}),
        }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 201) {
        const opened = consoleSession.parse(body);
        return {
          person: {
            name: opened.user.displayName,
            email: opened.user.emailAddress,
            userId: opened.user.id,
          },
          tokens: { developer: opened.developerToken, access: opened.accessToken },
          platformSession: opened.id,
        };
      }
      const refusal = refusalBody.safeParse(body);
      const reason = refusal.success ? refusal.data.reason : undefined;
      if (response.status === 401 && reason === 'UNKNOWN_PERSON')
        throw new SignInRefused(
          `No platform user has the email ${proof.email}: an administrator adds them under Security, Users`,
          'UNKNOWN_PERSON',
          false,
        );
      // Not a guess: the published password is refused from afar, whatever the account.
      if (response.status === 401 && reason === 'SAMPLE_PASSWORD')
        throw new SignInRefused(
          'This is the sample password, which works only from the console’s own machine: an administrator sets a real one under Security, Users',
          'SAMPLE_PASSWORD',
          false,
        );
      if (response.status === 401 || (response.status === 403 && reason === 'PERSON_DISABLED'))
        // A disabled person hears what a wrong password hears: the refusal tells a guesser nothing.
        throw new SignInRefused(
          proof.method === 'password'
            ? GENERIC_REFUSAL
            : 'This person is disabled: an administrator enables them under Security, Users',
          reason === 'PERSON_DISABLED' ? 'PERSON_DISABLED' : 'INVALID_CREDENTIALS',
          proof.method === 'password',
        );
      throw new Error(`the platform answered ${response.status} to a sign-in`);
    },
    async signOut(session, client) {
      if (!session.platformSession) return;
      const response = await fetch(
        url(`/api/access/v1/console-sessions/${encodeURIComponent(session.platformSession)}`),
        {
          method: 'DELETE',
          headers: headers(client),
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        },
      );
      await response.body?.cancel().catch(() => {});
      // 404: already ended (the person was disabled, or another process ended it).
      if (response.status !== 204 && response.status !== 404)
        throw new Error(`the platform answered ${response.status} to a sign-out`);
    },
    tokensOf: (session) => session.tokens,
  };
}

/** CONSOLE_PEOPLE_FILE: each person of a real instance and the tokens an administrator gave them. */
export const peopleFile = z.object({
  people: z
    .array(
      z.object({
        email: z.string().trim().min(3),
        name: z.string().trim().min(1).optional(),
        developerToken: z.string().min(1),
        sessionToken: z.string().min(1).optional(),
        accessToken: z.string().min(1).optional(),
      }),
    )
    .max(10_000),
});
type PeopleFile = z.infer<typeof peopleFile>;

/** The file is read again when it changes, checked at most this often. */
const FILE_CHECK_MS = 1_000;

/**
 * A real instance: the gateway cannot mint tokens there, so an administrator maps each person
 * to their own tokens in CONSOLE_PEOPLE_FILE. A person without a line is refused; removing the
 * line ends what that person can do at their next request. Passwords are checked by the
 * instance itself (`POST /api/content/v2/authentication`).
 */
export function mappedPeople(input: { file: string; baseUrl: URL }): PeopleDirectory {
  let cache:
    | { checkedAt: number; mtimeMs: number; byEmail: Map<string, PeopleFile['people'][number]> }
    | undefined;
  const read = () => {
    const now = Date.now();
    if (cache && now - cache.checkedAt < FILE_CHECK_MS) return cache.byEmail;
    const { mtimeMs } = fs.statSync(input.file);
    if (cache && cache.mtimeMs === mtimeMs) {
      cache.checkedAt = now;
      return cache.byEmail;
    }
    const parsed = peopleFile.safeParse(JSON.parse(fs.readFileSync(input.file, 'utf8')));
    if (!parsed.success)
      throw new Error(
        `CONSOLE_PEOPLE_FILE is not a list of people: ${parsed.error.issues[0]?.message}`,
      );
    const byEmail = new Map(parsed.data.people.map((p) => [p.email.toLowerCase(), p]));
    cache = { checkedAt: now, mtimeMs, byEmail };
    return byEmail;
  };
  const mapped = (email: string) => read().get(email.trim().toLowerCase());
  const tokensOfLine = (line: PeopleFile['people'][number]): PersonTokens => ({
    developer: line.developerToken,
    session: line.sessionToken,
    access: line.accessToken,
  });
  // Read at start: a file that cannot be read fails the start, not the first sign-in.
  read();
  return {
    async signIn(proof) {
      if (proof.method === 'password') {
        const response = await fetch(new URL('/api/content/v2/authentication', input.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            method: 'password',
            emailAddress: proof.email,
            password: proof.password,
          }),
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        await response.body?.cancel().catch(() => {});
        if (response.status === 401 || response.status === 403)
          throw new SignInRefused(GENERIC_REFUSAL, 'INVALID_CREDENTIALS', true);
        if (!response.ok) throw new Error(`the platform answered ${response.status} to a sign-in`);
      }
      const line = mapped(proof.email);
      if (!line)
        throw new SignInRefused(
          `No platform credentials are configured for ${proof.email}: an administrator adds them to CONSOLE_PEOPLE_FILE`,
          'NOT_MAPPED',
          false,
        );
      return { person: { name: line.name ?? line.email, email: line.email, userId: null } };
    },
    async signOut() {},
    tokensOf(session) {
      const line = mapped(session.person.email);
      return line ? tokensOfLine(line) : undefined;
    },
  };
}
