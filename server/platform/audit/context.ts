import { AsyncLocalStorage } from 'node:async_hooks';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { developerTokenHeader } from '../../config';
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

function clientAddressOf(c: Parameters<MiddlewareHandler<PlatformEnv>>[0]) {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/**
 * Mounted after authentication: the trace id, the kind of token that acted, and the client's
 * address as the gateway saw it (its `x-forwarded-for`; the connection's when called directly).
 */
export function auditContext(
  brand: string,
  tokens: Pick<PlatformTokens, 'developer'>,
): MiddlewareHandler<PlatformEnv> {
  return (c, next) => {
    // A custom app's call handed on in-process (apps/app-paths.ts) keeps the context of the
    // app's own request: its trace id, token kind and address.
    if (typeof (c.env as { actingUser?: unknown } | undefined)?.actingUser === 'number')
      return next();
    const request = {
      traceId: c.get('traceId') ?? null,
      clientAddress: clientAddressOf(c),
      tokenKind: tokenKindOf(c, brand, tokens.developer),
    };
    return storage.run(request, () => next());
  };
}
