/**
 * Why a request target is refused, or undefined when it is fine. The raw target is what the
 * client wrote on the request line: URL parsing would already have resolved `..` away.
 */
export function requestTargetProblem(rawTarget: string): string | undefined {
  // Absolute-form (`GET http://elsewhere/api/...`) and authority-form targets name a host:
  // the gateway only ever talks to its configured upstreams.
  if (!rawTarget.startsWith('/') || rawTarget.startsWith('//'))
    return 'Request target must be a path';
  const path = rawTarget.split(/[?#]/, 1)[0] ?? '';
  if (/%2f|%5c|%00/i.test(path) || path.includes('\\'))
    return 'Encoded slashes are not allowed in the path';
  const dotSegment = path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
  if (dotSegment) return 'Dot segments are not allowed in the path';
  return undefined;
}

/**
 * The path of a request line as written and as URL parsing resolves it (`/api/../x` is both
 * `/api/..` and `/x`), so the gateway can claim, and then refuse, a request either way.
 */
export function requestPaths(rawTarget: string): string[] {
  try {
    const parsed = new URL(rawTarget, 'http://gateway.invalid');
    const written = rawTarget.startsWith('/')
      ? (rawTarget.split(/[?#]/, 1)[0] ?? '')
      : parsed.pathname;
    return [written, parsed.pathname];
  } catch {
    return [];
  }
}

/**
 * The upstream URL: the configured base with the request's path and query appended. Only
 * pathname and search are taken from the request, so the host can never come from it.
 */
export function upstreamUrl(base: URL, path: string, search: string): URL {
  const target = new URL(base.href);
  target.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  target.search = search;
  target.hash = '';
  return target;
}
