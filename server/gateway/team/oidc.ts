import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config';
import type { SqlClient } from './sessions';

/** A sign-in at the provider must come back within this long. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_RETRY_MS = 30_000;

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

/** What the provider said about the person who came back. */
export interface VerifiedPerson {
  email: string;
  name: string | undefined;
}

/** Why a return from the provider is refused; the message is shown on the sign-in page. */
export class OidcRefused extends Error {}

/**
 * The authorization code flow with PKCE through openid-client. The verifier, nonce and the page
 * to return to wait in the shared store under the state's hash, so any gateway process may take
 * the provider's return.
 */
export class OidcSignIn {
  #configuration: Promise<client.Configuration> | undefined;
  #failedAt = 0;

  constructor(
    private readonly config: OidcConfig,
    private readonly publicUrl: URL,
    private readonly db: SqlClient,
  ) {}

  get providerName() {
    return this.config.providerName;
  }

  get #redirectUri() {
    return new URL('/gateway/oidc/callback', this.publicUrl).href;
  }

  /** Discovered once, on first use; a provider that was down is asked again after a while. */
  #discover(): Promise<client.Configuration> {
    if (
      this.#configuration &&
      !(this.#failedAt && Date.now() - this.#failedAt > DISCOVERY_RETRY_MS)
    )
      return this.#configuration;
    this.#failedAt = 0;
    const { issuer, clientId, clientSecret } = this.config;
    this.#configuration = client
      .discovery(
        issuer,
        clientId,
        clientSecret === undefined
          ? { redirect_uris: [this.#redirectUri] }
          : { client_secret: clientSecret, redirect_uris: [this.#redirectUri] },
        clientSecret === undefined ? client.None() : client.ClientSecretPost(clientSecret),
        // A provider on plain http is accepted only on loopback (a test's, or one beside the console).
        isLoopback(issuer)
          ? { execute: [client.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      )
      .catch((error: unknown) => {
        this.#failedAt = Date.now();
        throw error;
      });
    return this.#configuration;
  }

  /** Where to send the browser: the provider's authorization endpoint, for a return to `next`. */
  async start(next: string): Promise<URL> {
    const configuration = await this.#discover();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await this.db.query(
      `INSERT INTO gateway_oidc_logins (state_hash, code_verifier, nonce, next_path) VALUES ($1, $2, $3, $4)`,
      [hashOf(state), verifier, nonce, next],
    );
    await this.db.query(`DELETE FROM gateway_oidc_logins WHERE created_at < $1`, [
      new Date(Date.now() - LOGIN_TTL_MS),
    ]);
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.#redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
  }

  /** The provider's return: the code exchanged, the ID token checked, the verified email read. */
  async finish(current: URL): Promise<{ person: VerifiedPerson; next: string }> {
    const error = current.searchParams.get('error');
    if (error)
      throw new OidcRefused(
        `The provider did not sign you in (${current.searchParams.get('error_description') ?? error})`,
      );
    const state = current.searchParams.get('state');
    if (!state) throw new OidcRefused('The provider sent you back without a state: start again');
    const [login] = await this.db.query<{
      code_verifier: string;
      nonce: string;
      next_path: string;
    }>(
      `DELETE FROM gateway_oidc_logins WHERE state_hash = $1 AND created_at >= $2
       RETURNING code_verifier, nonce, next_path`,
      [hashOf(state), new Date(Date.now() - LOGIN_TTL_MS)],
    );
    if (!login) throw new OidcRefused('This sign-in has expired or was already used: start again');
    const configuration = await this.#discover();
    const callback = new URL(this.#redirectUri);
    callback.search = current.search;
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: login.code_verifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (failure) {
      throw new OidcRefused(
        `The provider's answer could not be checked (${failure instanceof Error ? failure.message : 'unknown error'})`,
      );
    }
    const claims = tokens.claims();
    let email = typeof claims?.email === 'string' ? claims.email : undefined;
    let verified = claims?.email_verified === true;
    let name = typeof claims?.name === 'string' ? claims.name : undefined;
    if ((!email || !verified) && claims?.sub) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : email;
      verified = info.email_verified === true;
      name ??= typeof info.name === 'string' ? info.name : undefined;
    }
    if (!email) throw new OidcRefused('The provider did not say your email address');
    if (!verified)
      throw new OidcRefused(`The provider has not verified ${email}: verify it there first`);
    return { person: { email, name }, next: login.next_path };
  }
}

function isLoopback(url: URL) {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
