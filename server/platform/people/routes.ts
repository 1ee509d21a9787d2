import { Hono } from 'hono';
import {
  authenticationBody,
  peopleListParams,
  type PeopleListParams,
} from '../../../src/api/contract';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { notFound } from '../core/errors';
import { body, query } from '../core/validate';
import { toPlatformGroup, toPlatformUser } from './mappers';
import { getGroup, getUser, groupMembers, listGroups, listUsers } from './repository';
import { openSession } from './sessions';

const page = (p: PeopleListParams) => ({ q: p.q, limit: p.limit ?? 50, offset: p.offset ?? 0 });
const numericId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : -1);

/** Sessions (gaps.md), and the users and groups a dataset is shared with (4.5). */
export function peopleRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();

  r.post('/api/content/v2/authentication', async (c) => {
    const { emailAddress, password } = await body(c, authenticationBody);
    const { sessionToken } = await openSession(db, emailAddress, password);
    return c.json({ sessionToken });
  });

  r.get('/api/content/v3/users', async (c) =>
    c.json((await listUsers(db, page(query(c, peopleListParams)))).map(toPlatformUser)),
  );
  r.get('/api/content/v3/users/:id', async (c) => {
    const user = await getUser(db, numericId(c.req.param('id')));
    if (!user) throw notFound(`No user ${c.req.param('id')}`);
    return c.json(toPlatformUser(user));
  });

  r.get('/api/content/v2/groups', async (c) =>
    c.json((await listGroups(db, page(query(c, peopleListParams)))).map(toPlatformGroup)),
  );
  r.get('/api/content/v2/groups/:id', async (c) => {
    const group = await getGroup(db, numericId(c.req.param('id')));
    if (!group) throw notFound(`No group ${c.req.param('id')}`);
    return c.json(toPlatformGroup(group));
  });
  // Who a share with this group notifies: the console names them before `sendEmail`.
  r.get('/api/content/v2/groups/:id/users', async (c) => {
    const group = await getGroup(db, numericId(c.req.param('id')));
    if (!group) throw notFound(`No group ${c.req.param('id')}`);
    return c.json((await groupMembers(db, [group.id])).map(toPlatformUser));
  });

  return r;
}
