import type { Context, MiddlewareHandler } from 'hono';
import { developerTokenHeader, sessionTokenHeader } from '../../config';
import type { PlatformEnv } from '../core/http';
import type { AuthenticationService, Presented } from './authentication';

const isIndexedSchema = (path: string) =>
  /^\/api\/query\/v1\/datasources\/[^/]+\/schema\/indexed$/.test(path);

const isWorkflowApi = (path: string) => path === '/v1' || path.startsWith('/v1/');

/** What every caller reaches without a token: the platform's name, and signing in. */
const isOpen = (path: string) => path === '/' || path === '/api/content/v2/authentication';

/**
 * What the request presents to say who it acts as: its tokens. A live read presents them again
 * as it goes on (live/live-reads.ts), so a revoked token ends it.
 */
export function presentedOf(c: Context<PlatformEnv>, brand: string): Presented {
  const path = c.req.path;
  return {
    workflowApi: isWorkflowApi(path),
    sessionAccepted: isIndexedSchema(path),
    bearer: /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1],
    developer: c.req.header(developerTokenHeader(brand)),
    session: c.req.header(sessionTokenHeader(brand)),
  };
}

/**
 * Sets the request's acting user (spec 5) from what it presents: the tokens of its headers.
 * `authentication` decides.
 */
export function authenticate(
  brand: string,
  authentication: AuthenticationService,
): MiddlewareHandler<PlatformEnv> {
  return async (c, next) => {
    const presented = presentedOf(c, brand);
    if (isOpen(c.req.path)) return next();
    const actor = await authentication.authenticate(presented);
    c.set('userId', actor.userId);
    return next();
  };
}
