import { Hono } from 'hono';
import { accessUser, authenticationBody, peopleListParams } from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, query } from '../core/validate';
import type { AuthenticationService } from './authentication';
import { toAccessUser, toPlatformGroup, toPlatformUser } from './mappers';
import type { PeopleService } from './service';

/** Sessions (gaps.md), the users and groups a dataset is shared with (4.5), and `me`. */
export function peopleRoutes({
  people,
  authentication,
}: {
  people: PeopleService;
  authentication: AuthenticationService;
}) {
  const r = new Hono<PlatformEnv>();

  r.post('/api/content/v2/authentication', async (c) => {
    const { emailAddress, password } = await body(c, authenticationBody);
    const { sessionToken } = await authentication.signIn(emailAddress, password);
    return c.json({ sessionToken });
  });

  r.get('/api/content/v2/users/me', async (c) =>
    c.json(accessUser.parse(toAccessUser(await people.me(actorOf(c))))),
  );

  r.get('/api/content/v3/users', async (c) =>
    c.json((await people.users(actorOf(c), query(c, peopleListParams))).map(toPlatformUser)),
  );
  r.get('/api/content/v3/users/:id', async (c) =>
    c.json(toPlatformUser(await people.user(actorOf(c), c.req.param('id')))),
  );

  r.get('/api/content/v2/groups', async (c) =>
    c.json((await people.groups(actorOf(c), query(c, peopleListParams))).map(toPlatformGroup)),
  );
  r.get('/api/content/v2/groups/:id', async (c) =>
    c.json(toPlatformGroup(await people.group(actorOf(c), c.req.param('id')))),
  );
  r.get('/api/content/v2/groups/:id/users', async (c) =>
    c.json((await people.groupMembers(actorOf(c), c.req.param('id'))).map(toPlatformUser)),
  );

  return r;
}
