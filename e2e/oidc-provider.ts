import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider, a certified implementation) on loopback, for
 * the console's `oidc` mode. Its development sign-in form takes any login and password; the
 * login becomes the account, whose email is the login itself, verified.
 */
export interface RunningProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(
  port: number,
  consoleUrl: string,
): Promise<RunningProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'platform-console';
  const clientSecret = 'e2e-client-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${consoleUrl}/gateway/oidc/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['e2e-provider-cookie-key'] },
    // Lifetimes set, so the provider does not warn about its defaults in the test output.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: id }),
    }),
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
