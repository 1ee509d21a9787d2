import '../../zod-config';
import * as z from 'zod/mini';

/**
 * `GET /gateway/status`: answered by the gateway itself (never forwarded). Tells the console
 * which upstream it talks to and whether that upstream answers. Hosts only, never a token.
 * In zod/mini: the app bar reads it on the first page (see ./first-page).
 */
export const gatewayStatus = z.object({
  mode: z.enum(['embedded', 'remote']),
  upstreams: z.array(
    z.object({
      name: z.enum(['base', 'api']),
      host: z.string(),
      reachable: z.boolean(),
      latencyMs: z.nullable(z.number()),
    }),
  ),
  brand: z.string(),
  /**
   * How people sign in (CONSOLE_AUTH): `none` is one operator with the configured token; in
   * `platform` and `oidc` each person signs in and `person` names who is signed in (null: nobody).
   * `signInWith` names the OpenID Connect provider for the "Sign in with …" button; `sessionEnded`
   * says that the browser's session is over, so the sign-in page can say why it is shown.
   */
  auth: z.optional(
    z.object({
      mode: z.enum(['none', 'platform', 'oidc']),
      person: z.nullable(
        z.object({ name: z.string(), email: z.string(), userId: z.nullable(z.number()) }),
      ),
      signInWith: z.optional(z.string()),
      /** Nobody signed in, but the browser sent a session that has ended (idle, signed out elsewhere, disabled). */
      sessionEnded: z.optional(z.boolean()),
      /**
       * The embedded platform's console session of this browser (Security, Sessions marks it); not
       * a credential: ending a session takes an Admin or its own person's tokens.
       */
      sessionId: z.optional(z.string()),
    }),
  ),
});
export type GatewayStatus = z.infer<typeof gatewayStatus>;
