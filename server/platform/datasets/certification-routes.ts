import { Hono } from 'hono';
import { actorOf, type PlatformEnv } from '../core/http';
import type { CertificationService } from './certification';

/** Certification (4.9); errors are the 7.3 `{message}` body. */
export function certificationRoutes({ certification }: { certification: CertificationService }) {
  const r = new Hono<PlatformEnv>();
  const certified = '/api/tags/v3/:entityType/:entityId/system/CERTIFIED/state';

  r.put(`${certified}/:state`, async (c) => {
    const { entityType, entityId, state } = c.req.param();
    const type = await certification.certify(actorOf(c), entityType, entityId, state);
    return c.json({ message: `${type} ${entityId} is certified` });
  });
  r.get(certified, async (c) => {
    const { entityType, entityId } = c.req.param();
    return c.json(await certification.state(actorOf(c), entityType, entityId));
  });
  r.delete(certified, async (c) => {
    const { entityType, entityId } = c.req.param();
    await certification.uncertify(actorOf(c), entityType, entityId);
    return c.body(null, 204);
  });

  return r;
}
