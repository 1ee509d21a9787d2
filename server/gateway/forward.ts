import { CLIENT_CLOSED_REQUEST } from './access-log';
import { declaredLength, readBoundedBody } from './body';
import { browserResponseHeaders, upstreamRequestHeaders } from './headers';
import { jsonError } from './json-error';
import type { ResolvedGatewayOptions } from './options';
import { upstreamUrl } from './request-target';
import { tokenHeadersFor, type UpstreamName } from './routes';
import { UpstreamDeadline } from './upstream-deadline';

/** How an upstream is named in error bodies: a host, never a URL with a path or a token. */
export function upstreamLabel(options: Pick<ResolvedGatewayOptions, 'mode'>, base: URL): string {
  return options.mode === 'embedded' ? 'embedded platform' : base.host;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Error codes (ECONNREFUSED, ENOTFOUND, ...) are safe to show; messages are not looked at. */
function networkErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  if (
    typeof cause === 'object' &&
    cause !== null &&
    'code' in cause &&
    typeof cause.code === 'string'
  ) {
    return /^[A-Z0-9_]+$/.test(cause.code) ? cause.code : undefined;
  }
  return undefined;
}

export type Forward = (request: Request, upstream: UpstreamName, url: URL) => Promise<Response>;

/** Sends one browser request to its upstream with the route's token, and streams the answer back. */
export function createForward(options: ResolvedGatewayOptions): Forward {
  return async (request, upstream, url) => {
    const base = upstream === 'base' ? options.baseUrl : options.apiUrl;
    const label = upstreamLabel(options, base);
    const tooLarge = () =>
      jsonError(413, `Request body is larger than ${options.maxBodyBytes} bytes`);

    let body: Uint8Array<ArrayBuffer> | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null) {
      const declared = declaredLength(request.headers.get('content-length') ?? undefined);
      if (declared !== undefined && declared > options.maxBodyBytes) return tooLarge();
      const read = await readBoundedBody(request.body, options.maxBodyBytes);
      if (!read.ok) return tooLarge();
      body = read.bytes;
    }

    const headers = upstreamRequestHeaders(
      request.headers,
      tokenHeadersFor(request.method, url.pathname, options),
    );
    const deadline = new UpstreamDeadline(options.timeoutMs, request.signal);
    let response: Response;
    try {
      response = await fetch(upstreamUrl(base, url.pathname, url.search), {
        method: request.method,
        headers,
        body,
        // Following a redirect would send the tokens to wherever the upstream points.
        redirect: 'manual',
        signal: deadline.signal,
      });
    } catch (error) {
      deadline.clear();
      if (deadline.expired) {
        return jsonError(504, `The platform did not answer within ${options.timeoutMs} ms`, {
          upstream: label,
        });
      }
      // The browser went away (navigated on, cancelled): not a platform failure. Nobody reads this
      // answer; its status is for the log (499, as nginx logs a client that closed the request).
      if (request.signal.aborted) {
        return jsonError(CLIENT_CLOSED_REQUEST, 'The browser abandoned the request', {
          upstream: label,
        });
      }
      const code = networkErrorCode(error);
      return jsonError(502, `Cannot reach the platform${code ? ` (${code})` : ''}`, {
        upstream: label,
      });
    }

    const hasBody =
      request.method !== 'HEAD' &&
      !NULL_BODY_STATUSES.has(response.status) &&
      response.body !== null;
    if (!hasBody) {
      deadline.clear();
      await response.body?.cancel().catch(() => {});
    }
    return new Response(hasBody && response.body ? deadline.watch(response.body) : null, {
      status: response.status,
      statusText: response.statusText,
      headers: browserResponseHeaders(response.headers, base),
    });
  };
}
