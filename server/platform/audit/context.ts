import { AsyncLocalStorage } from 'node:async_hooks';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { developerTokenHeader } from '../../config';
import { FORWARDED_FOR_SIGNATURE, forwardedForSigned } from '../../forwarded-for';
import type { PlatformEnv } from '../core/http';
import type { PlatformTokens } from '../types';

/** What an event takes from the request that caused it. */
export interface AuditRequest {
  traceId: string | null;
  clientAddress: string | null;
  tokenKind: string;
}

const storage = new AsyncLocalStorage<AuditRequest>();

/** Work no request asked for (a scheduled stream run, a sweep) acts as `system`. */
const SYSTEM: AuditRequest = { traceId: null, clientAddress: null, tokenKind: 'system' };

export const auditRequest = () => storage.getStore() ?? SYSTEM;

/** Whether no request is being served: work the platform started itself. */
export const isSystemWork = () => auditRequest() === SYSTEM;

/** Runs `fn` outside the request it was started from (background work it hands on). */
export const asSystem = <T>(fn: () => T) => storage.run(SYSTEM, fn);

function tokenKindOf(
  c: Parameters<MiddlewareHandler<PlatformEnv>>[0],
  brand: string,
  configuredDeveloper: string,
) {
  if (c.req.path.startsWith('/v1')) return 'access';
  const developer = c.req.header(developerTokenHeader(brand));
  if (developer) return developer === configuredDeveloper ? 'developer (configured)' : 'developer';
  return 'session';
}

/**
 * The gateway's `x-forwarded-for` when it carries the gateway's signature (forwarded-for.ts),
 * else the connection's address: a request sent straight to the platform cannot name another.
 */
function clientAddressOf(c: Parameters<MiddlewareHandler<PlatformEnv>>[0], key: string) {
  const forwarded = c.req.header('x-forwarded-for');
  if (forwarded && forwardedForSigned(key, forwarded, c.req.header(FORWARDED_FOR_SIGNATURE)))
    return forwarded.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/**
 * Mounted after authentication: the trace id, the kind of token that acted, and the client's
 * address as the gateway saw it (its signed `x-forwarded-for`; the connection's otherwise).
 */
export function auditContext(
  brand: string,
  tokens: Pick<PlatformTokens, 'developer'>,
): MiddlewareHandler<PlatformEnv> {
  return (c, next) => {
    const request = {
      traceId: c.get('traceId') ?? null,
      clientAddress: clientAddressOf(c, tokens.developer),
      tokenKind: tokenKindOf(c, brand, tokens.developer),
    };
    return storage.run(request, () => next());
  };
}
