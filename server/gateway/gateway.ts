import { Hono } from 'hono';
import { CLIENT_CLOSED_REQUEST, formatAccessLogLine } from './access-log';
import { clientAddress } from './client-address';
import { createForward, type NodeRequest } from './forward';
import { API_ANSWER_HEADERS } from './headers';
import { isAllowedHost, isCrossSiteWrite } from './guards';
import { jsonError } from './json-error';
import { resolveGatewayOptions, type GatewayOptions, type ResolvedGatewayOptions } from './options';
import { requestPaths, requestTargetProblem } from './request-target';
import { isGatewayPath, missingTokensFor, upstreamFor } from './routes';
import { createStatusReporter } from './status';

/** Node's request (`c.env.incoming`), when the Node adapter serves the gateway. */
function nodeRequest(env: unknown): NodeRequest | undefined {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const incoming = env.incoming;
  if (typeof incoming !== 'object' || incoming === null || !(Symbol.asyncIterator in incoming))
    return undefined;
  return incoming as NodeRequest;
}

/**
 * The request line as the client wrote it, when the Node adapter provides it. The parsed URL has
 * already resolved `..` and taken the host from an absolute-form target.
 */
const rawRequestTarget = (incoming: NodeRequest | undefined): string | undefined =>
  typeof incoming?.url === 'string' ? incoming.url : undefined;

/** The request target to check; without the raw line, an absolute-form target shows as a host mismatch. */
function targetToCheck(url: URL, host: string | undefined, rawTarget: string | undefined): string {
  if (rawTarget !== undefined) return rawTarget;
  return host?.toLowerCase() === url.host ? `${url.pathname}${url.search}` : url.href;
}

/** Methods that only echo or tunnel: nothing of the platform's API needs them. */
const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

function createAnswer(options: ResolvedGatewayOptions) {
  const forward = createForward(options);
  const readStatus = createStatusReporter(options);

  return async (
    request: Request,
    url: URL,
    incoming: NodeRequest | undefined,
  ): Promise<Response> => {
    const rawTarget = rawRequestTarget(incoming);
    const { method, headers } = request;
    const host = headers.get('host') ?? undefined;
    if (!isAllowedHost(host, options.allowedHosts)) {
      return jsonError(421, 'This gateway does not answer for that host name');
    }
    const problem = requestTargetProblem(targetToCheck(url, host, rawTarget));
    if (problem) return jsonError(400, problem);
    const site = {
      secFetchSite: headers.get('sec-fetch-site') ?? undefined,
      origin: headers.get('origin') ?? undefined,
    };
    if (isCrossSiteWrite(method, site, options.allowedHosts, options.allowedOrigins)) {
      return jsonError(403, 'Cross-site requests may not change anything');
    }

    if (UNSUPPORTED_METHODS.has(method.toUpperCase())) {
      const refused = jsonError(405, `The gateway does not forward ${method} requests`);
      refused.headers.set('allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      return refused;
    }
    const { team } = options;
    if (url.pathname === '/gateway/status' && (method === 'GET' || method === 'HEAD')) {
      const auth = team ? await team.status(request) : { mode: 'none' as const, person: null };
      return Response.json({ ...(await readStatus()), auth }, { headers: API_ANSWER_HEADERS });
    }
    const client = clientAddress(
      incoming?.socket?.remoteAddress,
      headers.get('x-forwarded-for'),
      options.trustedProxies,
    );
    const own = team ? await team.handle(request, url, client) : undefined;
    if (own) return own;
    const upstream = upstreamFor(url.pathname, options.brand);
    if (upstream === undefined) return jsonError(404, 'No such gateway endpoint');
    if (!team) return forward(request, upstream, url, incoming);
    // Team mode: the signed-in person's own tokens, never the configured administrator's.
    const authorized = await team.authorize(request);
    if (authorized instanceof Response) return authorized;
    const response = await forward(request, upstream, url, incoming, authorized.tokens);
    if (response.status !== 401) return response;
    await response.body?.cancel().catch(() => {});
    // A route that takes a token the person has none of (a people file without their session
    // token, say): the platform refused the request, not their credentials; the session goes on.
    const missing = missingTokensFor(method, url.pathname, {
      brand: options.brand,
      tokens: authorized.tokens,
    });
    if (missing.length)
      return jsonError(
        401,
        `The platform refused this request: it takes the ${missing.join(' and ')} token, and your sign-in carries none`,
      );
    // The platform no longer takes the person's credential (disabled, signed out elsewhere,
    // expired): the session ends everywhere, and the console goes to the sign-in page.
    return team.ended(authorized, client);
  };
}

/**
 * The gateway: forwards `/api/*` and `/v1/*` with the right token, answers `/gateway/status`,
 * and lets every other path fall through (next()) to whatever serves the console's files.
 */
export function createGateway(input: GatewayOptions): Hono {
  const options = resolveGatewayOptions(input);
  const answer = createAnswer(options);
  const app = new Hono();

  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const incoming = nodeRequest(c.env);
    const raw = rawRequestTarget(incoming);
    const paths = raw === undefined ? [url.pathname] : [url.pathname, ...requestPaths(raw)];
    if (!paths.some((path) => isGatewayPath(path, options.brand))) return next();
    const started = performance.now();
    const response = await answer(c.req.raw, url, incoming).catch(() =>
      c.req.raw.signal.aborted
        ? jsonError(CLIENT_CLOSED_REQUEST, 'The browser abandoned the request')
        : jsonError(502, 'The gateway failed to handle the request'),
    );
    options.log(
      formatAccessLogLine({
        method: c.req.method,
        // As written: `/api/../x` is logged as sent, not as the `/x` it resolves to.
        path: paths[1] ?? url.pathname,
        status: response.status,
        durationMs: performance.now() - started,
      }),
    );
    return response;
  });
  // Backstop only: the handler above already turns failures into a 502.
  app.onError(() => jsonError(502, 'The gateway failed to handle the request'));
  return app;
}
