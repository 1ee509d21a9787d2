import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FORWARDED_FOR_SIGNATURE, signForwardedFor } from '../forwarded-for';
import { CLIENT_CLOSED_REQUEST } from './access-log';
import { clientAddress } from './client-address';
import { declaredLength, readBoundedBody } from './body';
import { browserResponseHeaders, isEventStream, upstreamRequestHeaders } from './headers';
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

/** Node's request as the Node adapter hands it over: its request line, and its body's bytes. */
export interface NodeRequest extends AsyncIterable<Uint8Array> {
  url?: string;
  socket?: { remoteAddress?: string };
}

/**
 * Passes at most `limit` bytes; past it, fails (the upstream call fails: 413). Read as the pipe
 * to the upstream drains, so the browser's upload goes no faster than the platform takes it.
 */
async function* limited(
  source: AsyncIterable<Uint8Array>,
  limit: number,
  state: { tooLarge: boolean },
  deadline: UpstreamDeadline,
) {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.byteLength;
    if (seen > limit) {
      state.tooLarge = true;
      throw new Error('upload too large');
    }
    deadline.restart();
    yield chunk;
  }
}

/**
 * Sends an upload with Node's HTTP client, its body piped from `source`, so that no more than a
 * few chunks are in memory. `fetch` (undici 6 and 7 alike) keeps every chunk of a streamed request
 * body until the answer comes, even after collection: a 200 MiB upload would be held whole.
 * Answers as `fetch` would: a Response, or a TypeError whose cause is the network error.
 */
function sendUpload(
  target: URL,
  init: { method: string; headers: Headers; signal: AbortSignal },
  source: AsyncIterable<Uint8Array>,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(new TypeError('fetch failed', { cause: error }));
    const client = target.protocol === 'https:' ? https : http;
    const outgoing = client.request(target, {
      method: init.method,
      headers: Object.fromEntries(init.headers),
      signal: init.signal,
    });
    outgoing.once('error', fail);
    outgoing.once('response', (answer) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers))
        for (const one of [value ?? []].flat()) headers.append(name, one);
      const status = answer.statusCode ?? 502;
      resolve(
        new Response(
          NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(answer) as ReadableStream),
          { status, statusText: answer.statusMessage, headers },
        ),
      );
    });
    // An upstream that answers before reading everything (a 413, a 401) ends the pipe early.
    pipeline(Readable.from(source), outgoing).catch(fail);
  });
}

export type Forward = (
  request: Request,
  upstream: UpstreamName,
  url: URL,
  incoming?: NodeRequest,
  /** The signed-in person's tokens in team mode; else the configured ones. */
  tokens?: ResolvedGatewayOptions['tokens'],
) => Promise<Response>;

/** Sends one browser request to its upstream with the route's token, and streams the answer back. */
export function createForward(options: ResolvedGatewayOptions): Forward {
  return async (request, upstream, url, incoming, tokens = options.tokens) => {
    const base = upstream === 'base' ? options.baseUrl : options.apiUrl;
    const label = upstreamLabel(options, base);
    const tooLarge = () =>
      jsonError(413, `Request body is larger than ${options.maxBodyBytes} bytes`);

    const deadline = new UpstreamDeadline(options.timeoutMs, request.signal);
    let body: Uint8Array<ArrayBuffer> | undefined;
    let uploadSource: AsyncIterable<Uint8Array> | undefined;
    let upload: { tooLarge: boolean } | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const declared = declaredLength(request.headers.get('content-length') ?? undefined);
      if (isUpload(request.method, url.pathname)) {
        // A data file streams through (never held whole), up to MAX_UPLOAD_MB; the deadline
        // restarts with every chunk, so a long upload runs as long as it keeps moving. Node's
        // request is read directly: `request.body` (Readable.toWeb in Node 20) can read the
        // socket far ahead of its reader.
        if (declared !== undefined && declared > options.maxUploadBytes)
          return jsonError(413, `The data file is larger than ${options.maxUploadBytes} bytes`);
        upload = { tooLarge: false };
        const source = incoming ?? request.body ?? undefined;
        if (source) uploadSource = limited(source, options.maxUploadBytes, upload, deadline);
      } else if (request.body !== null) {
        if (declared !== undefined && declared > options.maxBodyBytes) return tooLarge();
        const read = await readBoundedBody(request.body, options.maxBodyBytes);
        if (!read.ok) return tooLarge();
        body = read.bytes;
      }
    }

    const headers = upstreamRequestHeaders(
      request.headers,
      tokenHeadersFor(request.method, url.pathname, { brand: options.brand, tokens }),
    );
    // The browser's own x-forwarded-for was dropped above; the gateway says whom it serves
    // (the activity log records it as the client's address), signed so that the platform
    // believes it only from the gateway (forwarded-for.ts).
    const client = clientAddress(
      incoming?.socket?.remoteAddress,
      request.headers.get('x-forwarded-for'),
      options.trustedProxies,
    );
    if (client) {
      headers.set('x-forwarded-for', client);
      if (options.tokens.developer)
        headers.set(FORWARDED_FOR_SIGNATURE, signForwardedFor(options.tokens.developer, client));
    }
    let response: Response;
    try {
      const target = upstreamUrl(base, url.pathname, url.search);
      const init = { method: request.method, headers, signal: deadline.signal };
      // Neither follows a redirect: that would send the tokens to wherever the upstream points.
      response = uploadSource
        ? await sendUpload(target, init, uploadSource)
        : await fetch(target, { ...init, body, redirect: 'manual' });
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
    let passed: ReadableStream<Uint8Array> | null = null;
    if (hasBody && response.body) {
      // Server-sent events (a generation streaming, a run's log) go on chunk by chunk as they
      // come, however long apart: the deadline covered the wait for the headers only.
      passed = isEventStream(response.headers)
        ? deadline.release(response.body)
        : deadline.watch(response.body);
    }
    return new Response(passed, {
      status: response.status,
      statusText: response.statusText,
      headers: browserResponseHeaders(response.headers, base),
    });
  };
}
