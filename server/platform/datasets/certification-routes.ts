import { Hono } from 'hono';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { badRequest } from '../core/errors';
import { certifiable, certificationState, certify, uncertify } from './certification';

/** Certification (4.9); errors are the 7.3 `{message}` body. */
export function certificationRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  const certified = '/api/tags/v3/:entityType/:entityId/system/CERTIFIED/state';

  r.put(`${certified}/:state`, async (c) => {
    const { entityId, state } = c.req.param();
    const entityType = await certifiable(db, c.req.param('entityType'), entityId);
    if (state !== 'ACTIVE') throw badRequest(`state: only ACTIVE can be set, not "${state}"`);
    await certify(db, entityType, entityId, c.get('userId'));
    return c.json({ message: `${entityType} ${entityId} is certified` });
  });
  r.get(certified, async (c) => {
    const { entityId } = c.req.param();
    return c.json(
      await certificationState(
        db,
        await certifiable(db, c.req.param('entityType'), entityId),
        entityId,
      ),
    );
  });
  r.delete(certified, async (c) => {
    const { entityId } = c.req.param();
    await uncertify(db, await certifiable(db, c.req.param('entityType'), entityId), entityId);
    return c.body(null, 204);
  });

  return r;
}
