import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { developerTokenHeader, sessionTokenHeader } from '../../config';
import { ADMIN_USER_ID, hashToken } from '../core/auth';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { forbidden, PlatformError, unauthorized } from '../core/errors';
import { hasGrant, WORKFLOW_API_GRANT } from './grants';
import { userOfToken } from './tokens';

const sameToken = (given: string | undefined, expected: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const isIndexedSchema = (path: string) =>
  /^\/api\/query\/v1\/datasources\/[^/]+\/schema\/indexed$/.test(path);

const isWorkflowApi = (path: string) => path === '/v1' || path.startsWith('/v1/');

async function requireWorkflowGrant(deps: PlatformDeps, userId: number) {
  if (!(await hasGrant(deps.db, userId, WORKFLOW_API_GRANT)))
    throw forbidden(
      `The user of this token (user ${userId}) lacks the ${WORKFLOW_API_GRANT} grant: an administrator gives it through a role (Security, Roles, Grants)`,
    );
}

/**
 * Spec 5: the developer-token header everywhere under /api; the session-token header for the
 * indexed schema (4.8, developer token accepted too: gaps.md); a bearer token for /v1 workflows.
 */
export function authenticate(deps: PlatformDeps): MiddlewareHandler<PlatformEnv> {
  const devHeader = developerTokenHeader(deps.brand);
  const sessionHeader = sessionTokenHeader(deps.brand);
  return async (c, next) => {
    // A custom app's call goes on through these routes in-process (apps/app-paths.ts), as the
    // user its own request was authenticated as; only in-process code sets this environment.
    const actingUser = (c.env as { actingUser?: unknown } | undefined)?.actingUser;
    const path = c.req.path;
    if (typeof actingUser === 'number') {
      // The acting user meets every check a token holder of that user meets.
      if (isWorkflowApi(path)) await requireWorkflowGrant(deps, actingUser);
      c.set('userId', actingUser);
      return next();
    }
    if (path === '/' || path === '/api/content/v2/authentication') return next();
    if (isWorkflowApi(path)) {
      // Issue 13: the configured access token acts as the administrator; a minted token of kind
      // 'access' as its user. Every workflow call needs the Workflow API grant (spec 5.6, 7.4).
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!bearer)
        throw unauthorized(
          'Missing bearer token: send the header Authorization: Bearer <access token>',
        );
      const userId = sameToken(bearer, deps.tokens.access)
        ? ADMIN_USER_ID
        : await userOfToken(deps.db, bearer, 'access');
      if (userId === undefined)
        throw unauthorized(
          'Invalid bearer token: it is unknown, revoked or expired; create a new access token under Security, Access Tokens',
        );
      await requireWorkflowGrant(deps, userId);
      c.set('userId', userId);
      return next();
    }
    const developer = c.req.header(devHeader);
    if (sameToken(developer, deps.tokens.developer)) {
      c.set('userId', ADMIN_USER_ID);
      return next();
    }
    // Issue 14: a developer token minted for a user acts as that user.
    const minted = developer ? await userOfToken(deps.db, developer) : undefined;
    if (minted !== undefined) {
      c.set('userId', minted);
      return next();
    }
    if (isIndexedSchema(path)) {
      const session = c.req.header(sessionHeader);
      if (sameToken(session, deps.tokens.session)) {
        c.set('userId', ADMIN_USER_ID);
        return next();
      }
      if (session) {
        const rows = await deps.db.query<{ user_id: number }>(
          'SELECT user_id FROM session_tokens WHERE token_hash = $1',
          [hashToken(session)],
        );
        if (rows[0]) {
          c.set('userId', rows[0].user_id);
          return next();
        }
      }
      throw unauthorized(`Missing or invalid ${sessionHeader} or ${devHeader} header`);
    }
    throw new PlatformError(401, `Missing or invalid ${devHeader} header`);
  };
}
