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
});
export type GatewayStatus = z.infer<typeof gatewayStatus>;
