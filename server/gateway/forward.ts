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

/** Data-file uploads (2.7): a new file, or a new revision of one. */
const isUpload = (method: string, pathname: string) =>
  (method === 'POST' && /^\/api\/data\/v1\/data-files\/?$/.test(pathname)) ||
  (method === 'PUT' && /^\/api\/data\/v1\/data-files\/[^/]+\/?$/.test(pathname));

/** Passes at most `limit` bytes; past it, errors the stream (the upstream call fails: 413). */
function limitStream(limit: number, state: { tooLarge: boolean }, deadline: UpstreamDeadline) {
  let seen = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) {
        state.tooLarge = true;
        controller.error(new Error('upload too large'));
        return;
      }
      deadline.restart();
      controller.enqueue(chunk);
    },
  });
}

export type Forward = (request: Request, upstream: UpstreamName, url: URL) => Promise<Response>;

/** Sends one browser request to its upstream with the route's token, and streams the answer back. */
export function createForward(options: ResolvedGatewayOptions): Forward {
  return async (request, upstream, url) => {
    const base = upstream === 'base' ? options.baseUrl : options.apiUrl;
    const label = upstreamLabel(options, base);
    const tooLarge = () =>
      jsonError(413, `Request body is larger than ${options.maxBodyBytes} bytes`);

    const deadline = new UpstreamDeadline(options.timeoutMs, request.signal);
    let body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined;
    let upload: { tooLarge: boolean } | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null) {
      const declared = declaredLength(request.headers.get('content-length') ?? undefined);
      if (isUpload(request.method, url.pathname)) {
        // A data file streams through (never held whole), up to MAX_UPLOAD_MB; the deadline
        // restarts with every chunk, so a long upload runs as long as it keeps moving.
        if (declared !== undefined && declared > options.maxUploadBytes)
          return jsonError(413, `The data file is larger than ${options.maxUploadBytes} bytes`);
        upload = { tooLarge: false };
        body = request.body.pipeThrough(limitStream(options.maxUploadBytes, upload, deadline));
      } else {
        if (declared !== undefined && declared > options.maxBodyBytes) return tooLarge();
        const read = await readBoundedBody(request.body, options.maxBodyBytes);
        if (!read.ok) return tooLarge();
        body = read.bytes;
      }
    }

    const headers = upstreamRequestHeaders(
      request.headers,
      tokenHeadersFor(request.method, url.pathname, options),
    );
    let response: Response;
    try {
      response = await fetch(upstreamUrl(base, url.pathname, url.search), {
        method: request.method,
        headers,
        body,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
        // Following a redirect would send the tokens to wherever the upstream points.
        redirect: 'manual',
        signal: deadline.signal,
      });
    } catch (error) {
      deadline.clear();
      if (upload?.tooLarge)
        return jsonError(413, `The data file is larger than ${options.maxUploadBytes} bytes`);
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
