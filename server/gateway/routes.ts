import { developerTokenHeader, sessionTokenHeader } from '../config';
import type { ResolvedGatewayOptions } from './options';

export type UpstreamName = 'base' | 'api';

const hasPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`);

/** Paths the gateway owns; everything else belongs to the static server (or Vite). */
export const isGatewayPath = (path: string) =>
  hasPrefix(path, '/api') || hasPrefix(path, '/v1') || hasPrefix(path, '/gateway');

/** `/api/*` lives under `{base_url}`, `/v1/*` (workflows) under `{api_url}` (spec 4, 4.13). */
export function upstreamFor(path: string): UpstreamName | undefined {
  if (hasPrefix(path, '/api')) return 'base';
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
  const upstream = upstreamFor(path);
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
