/** Hop-by-hop headers (RFC 9110 7.6.1) and those the outgoing fetch computes itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  // Node's fetch refuses `expect`; the incoming side has already answered 100-continue.
  'expect',
]);

const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'forwarded',
  'x-real-ip',
]);

/** Headers some servers and frameworks read to rewrite the path or the method behind a proxy. */
const REWRITING_HEADERS = new Set([
  'x-original-url',
  'x-rewrite-url',
  'x-original-method',
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
]);

/**
 * The browser never holds a credential (design: the gateway is the only place that knows a token),
 * so anything that looks like one is dropped rather than forwarded next to the gateway's own.
 */
function isBrowserCredentialOrRouting(name: string): boolean {
  return (
    // `x-service_authentication` reaches some servers as `x-service-authentication`.
    name.includes('_') ||
    REWRITING_HEADERS.has(name) ||
    name.includes('token') ||
    CREDENTIAL_HEADERS.has(name) ||
    name.startsWith('x-forwarded-') ||
    /^x-.+-authentication$/.test(name)
  );
}

/** Names listed in `Connection` are hop-by-hop for this one message. */
function connectionListed(headers: Headers): Set<string> {
  const value = headers.get('connection') ?? '';
  return new Set(
    value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The browser's headers minus credentials and hop-by-hop ones; the token headers go on after. */
export function upstreamRequestHeaders(
  incoming: Headers,
  tokenHeaders: Record<string, string>,
): Headers {
  const listed = connectionListed(incoming);
  const outgoing = new Headers();
  incoming.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || listed.has(lower) || isBrowserCredentialOrRouting(lower)) return;
    outgoing.set(lower, value);
  });
  // Ask for an unencoded body: Node's fetch would decode it anyway and the headers would lie.
  outgoing.set('accept-encoding', 'identity');
  for (const [name, value] of Object.entries(tokenHeaders)) outgoing.set(name, value);
  return outgoing;
}

/**
 * On every API answer, forwarded or the gateway's own: never cached (they are read with the
 * gateway's tokens), never sniffed into another type, and never a document that runs anything.
 */
export const API_ANSWER_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

// Encodings Node's fetch decodes transparently; the body we pass on is then plain.
const DECODED_BY_FETCH = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/** The upstream's headers minus cookies, CORS grants and hop-by-hop ones; Location is made same-origin. */
export function browserResponseHeaders(upstream: Headers, upstreamBase: URL): Headers {
  const listed = connectionListed(upstream);
  const outgoing = new Headers();
  const encoding = upstream.get('content-encoding')?.trim().toLowerCase();
  const decoded = encoding !== undefined && DECODED_BY_FETCH.has(encoding);
  upstream.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (
      lower === 'set-cookie' ||
      (HOP_BY_HOP.has(lower) && lower !== 'content-length') ||
      listed.has(lower)
    )
      return;
    if (decoded && (lower === 'content-encoding' || lower === 'content-length')) return;
    // The console is same-origin; a permissive CORS answer would let any site read what the tokens fetch.
    if (lower.startsWith('access-control-')) return;
    outgoing.set(lower, lower === 'location' ? sameOriginLocation(value, upstreamBase) : value);
  });
  for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) outgoing.set(name, value);
  if (isEventStream(upstream)) {
    // Each event must reach the browser as it is written: no proxy or CDN in front of the
    // gateway may compress (no-transform) or hold (X-Accel-Buffering, nginx's switch) it.
    outgoing.set('cache-control', 'no-store, no-transform');
    outgoing.set('x-accel-buffering', 'no');
    outgoing.delete('content-length');
  }
  return outgoing;
}

/** `text/event-stream` (server-sent events): passed on unbuffered, without the body deadline. */
export function isEventStream(headers: Headers): boolean {
  const type = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'text/event-stream';
}

/** A redirect to the upstream itself would take the browser around the gateway (and its tokens). */
function sameOriginLocation(location: string, upstreamBase: URL): string {
  try {
    const target = new URL(location, upstreamBase);
    const prefix = upstreamBase.pathname.replace(/\/+$/, '');
    if (
      target.origin === upstreamBase.origin &&
      (prefix === '' || target.pathname.startsWith(`${prefix}/`))
    ) {
      return `${target.pathname.slice(prefix.length)}${target.search}${target.hash}`;
    }
  } catch {
    // not a URL: pass it on untouched
  }
  return location;
}
