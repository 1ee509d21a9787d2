import { developerTokenHeader, sessionTokenHeader } from '../config';
import type { ResolvedGatewayOptions } from './options';

export type UpstreamName = 'base' | 'api';

const hasPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`);

/** Custom apps' paths: `/<brand>/...`, the brand lower-cased (`/service/datastores/v1/...`). */
export const appPathPrefix = (brand: string) => `/${brand.toLowerCase()}`;

/**
 * Paths the gateway owns; everything else belongs to the static server (or Vite). With a brand,
 * the custom apps' paths are the gateway's too.
 */
export const isGatewayPath = (path: string, brand?: string) =>
  hasPrefix(path, '/api') ||
  hasPrefix(path, '/v1') ||
  hasPrefix(path, '/gateway') ||
  (brand !== undefined && hasPrefix(path, appPathPrefix(brand)));

/**
 * `/api/*` lives under `{base_url}`, `/v1/*` (workflows) under `{api_url}` (spec 4, 4.13); the
 * custom apps' paths under `{base_url}` too, with the developer token (docs/platform-gaps.md).
 */
export function upstreamFor(path: string, brand?: string): UpstreamName | undefined {
  if (hasPrefix(path, '/api')) return 'base';
  if (brand !== undefined && hasPrefix(path, appPathPrefix(brand))) return 'base';
  if (hasPrefix(path, '/v1')) return 'api';
  return undefined;
}

const INDEXED_SCHEMA = /^\/api\/query\/v1\/datasources\/[^/]+\/schema\/indexed$/;

/** The credential headers a route carries upstream (spec 5); an unset token adds nothing. */
export function tokenHeadersFor(
  method: string,
  path: string,
  options: Pick<ResolvedGatewayOptions, 'brand' | 'tokens'>,
): Record<string, string> {
  const { tokens, brand } = options;
  const headers: Record<string, string> = {};
  const upstream = upstreamFor(path, brand);
  if (upstream === 'base') {
    // 5.1: every endpoint under {base_url} takes the developer token.
    if (tokens.developer) headers[developerTokenHeader(brand)] = tokens.developer;
    // 5.2: Get Dataset Schema (4.8) takes the session token as well.
    if (tokens.session && method === 'GET' && INDEXED_SCHEMA.test(path)) {
      headers[sessionTokenHeader(brand)] = tokens.session;
    }
  } else if (upstream === 'api') {
    // 5.3: workflows take a bearer access token.
    if (tokens.access) headers.authorization = `Bearer ${tokens.access}`;
  }
  return headers;
}

/**
 * The tokens route `method path` takes that `tokens` lack (`developer`, `session`, `access`):
 * a 401 of such a route may say only that one is missing, not that a credential was refused.
 */
export function missingTokensFor(
  method: string,
  path: string,
  options: Pick<ResolvedGatewayOptions, 'brand' | 'tokens'>,
): string[] {
  const all = { developer: 'developer', session: 'session', access: 'access' };
  const taken = tokenHeadersFor(method, path, { brand: options.brand, tokens: all });
  const sent = tokenHeadersFor(method, path, options);
  return Object.entries(taken)
    .filter(([header]) => !(header in sent))
    .map(([, value]) => value.replace(/^Bearer /, ''));
}
