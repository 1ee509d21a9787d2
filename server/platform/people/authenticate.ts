import type { MiddlewareHandler } from 'hono';
import { developerTokenHeader, sessionTokenHeader } from '../../config';
import type { PlatformEnv } from '../core/http';
import type { AuthenticationService } from './authentication';

const isIndexedSchema = (path: string) =>
  /^\/api\/query\/v1\/datasources\/[^/]+\/schema\/indexed$/.test(path);

const isWorkflowApi = (path: string) => path === '/v1' || path.startsWith('/v1/');

/** What every caller reaches without a token: the platform's name, and signing in. */
const isOpen = (path: string) => path === '/' || path === '/api/content/v2/authentication';

/**
 * Sets the request's acting user (spec 5) from what it presents: the tokens of its headers, or
 * the user a custom app's call goes on as in-process (apps/app-paths.ts: only in-process code
 * sets that environment). `authentication` decides.
 */
export function authenticate(
  brand: string,
  authentication: AuthenticationService,
): MiddlewareHandler<PlatformEnv> {
  const devHeader = developerTokenHeader(brand);
  const sessionHeader = sessionTokenHeader(brand);
  return async (c, next) => {
    const actingUser = (c.env as { actingUser?: unknown } | undefined)?.actingUser;
    const path = c.req.path;
    if (typeof actingUser !== 'number' && isOpen(path)) return next();
    const actor = await authentication.authenticate({
      actingUser: typeof actingUser === 'number' ? actingUser : undefined,
      workflowApi: isWorkflowApi(path),
      sessionAccepted: isIndexedSchema(path),
      bearer: /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1],
      developer: c.req.header(devHeader),
      session: c.req.header(sessionHeader),
    });
    c.set('userId', actor.userId);
    return next();
  };
}
