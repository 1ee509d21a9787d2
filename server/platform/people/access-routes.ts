import { Hono } from 'hono';
import {
  accessTokenList,
  accessTokenListParams,
  accessUser,
  accessUserList,
  createAccessTokenBody,
  consoleSessionList,
  consoleSessionListParams,
  createConsoleSessionBody,
  createdAccessToken,
  createdConsoleSession,
  datasetAccess,
  role as roleSchema,
  roleList,
  setRoleGrantsBody,
  setUserDisabledBody,
  setUserPasswordBody,
  setUserRoleBody,
} from '../../../src/api/contract/access';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, query } from '../core/validate';
import type { DatasetService } from '../datasets/service';
import type { ConsoleSessionService } from './console-sessions';
import { toAccessToken, toAccessUser, toConsoleSession, toPlatformUser } from './mappers';
import type { SecurityService } from './security';

/**
 * The Security screen: users with their roles and groups, roles and their grants, minted tokens;
 * what the caller may do with one dataset (the console disables what is not allowed); and the
 * console sessions the gateway opens for each person in team mode.
 */
export function accessRoutes({
  security,
  datasets,
  consoleSessions,
}: {
  security: SecurityService;
  datasets: DatasetService;
  consoleSessions: ConsoleSessionService;
}) {
  const r = new Hono<PlatformEnv>();

  r.get('/api/access/v1/users', async (c) =>
    c.json(accessUserList.parse((await security.users(actorOf(c))).map(toAccessUser))),
  );

  r.get('/api/access/v1/roles', async (c) =>
    c.json(roleList.parse(await security.roles(actorOf(c)))),
  );

  // gaps.md: the body is read once the change is allowed, so a refused caller hears 403.
  r.put('/api/access/v1/users/:id/role', async (c) => {
    const user = await security.setUserRole(actorOf(c), c.req.param('id'), () =>
      body(c, setUserRoleBody),
    );
    return c.json(accessUser.parse(toAccessUser(user)));
  });
  r.put('/api/access/v1/users/:id/disabled', async (c) => {
    const user = await security.setUserDisabled(actorOf(c), c.req.param('id'), () =>
      body(c, setUserDisabledBody),
    );
    return c.json(accessUser.parse(toAccessUser(user)));
  });
  r.put('/api/access/v1/users/:id/password', async (c) => {
    await security.setPassword(actorOf(c), c.req.param('id'), () => body(c, setUserPasswordBody));
    return c.body(null, 204);
  });
  r.put('/api/access/v1/roles/:name/grants', async (c) => {
    const role = await security.setRoleGrants(actorOf(c), c.req.param('name'), () =>
      body(c, setRoleGrantsBody),
    );
    return c.json(roleSchema.parse(role));
  });

  r.get('/api/data/v1/accesstokens', async (c) => {
    const tokens = await security.tokens(actorOf(c), query(c, accessTokenListParams));
    return c.json(accessTokenList.parse(tokens.map(toAccessToken)));
  });
  r.post('/api/data/v1/accesstokens', async (c) => {
    const { row, value } = await security.mintToken(
      actorOf(c),
      await body(c, createAccessTokenBody),
    );
    return c.json(createdAccessToken.parse({ ...toAccessToken(row), token: value }), 201);
  });
  r.delete('/api/data/v1/accesstokens/:id', async (c) => {
    await security.revokeToken(actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });

  r.post('/api/access/v1/console-sessions', async (c) => {
    const session = await consoleSessions.create(actorOf(c), () =>
      body(c, createConsoleSessionBody),
    );
    return c.json(
      createdConsoleSession.parse({
        id: session.id,
        user: toPlatformUser(session.user),
        developerToken: session.developerToken,
        accessToken: session.accessToken,
        expires: session.expires.toISOString(),
      }),
      201,
    );
  });
  r.get('/api/access/v1/console-sessions', async (c) => {
    const sessions = await consoleSessions.list(actorOf(c), query(c, consoleSessionListParams));
    return c.json(consoleSessionList.parse(sessions.map(toConsoleSession)));
  });
  r.delete('/api/access/v1/console-sessions/:id', async (c) => {
    await consoleSessions.end(actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });

  r.get('/api/access/v1/datasets/:id', async (c) =>
    c.json(datasetAccess.parse(await datasets.access(actorOf(c), c.req.param('id')))),
  );

  return r;
}
