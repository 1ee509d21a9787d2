import { Hono, type Context } from 'hono';
import { datasetFor, type DatasetOperation } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { badRequest } from '../core/errors';
import { certifiable, certificationState, certify, uncertify } from './certification';

/** Certification (4.9); errors are the 7.3 `{message}` body. */
export function certificationRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  /** The entity type, once the dataset's access (issue 14) allows the operation. */
  const checked = async (c: Context<PlatformEnv>, operation: DatasetOperation) => {
    const { entityId } = c.req.param();
    const entityType = await certifiable(db, c.req.param('entityType') ?? '', entityId ?? '');
    if (entityType === 'DATA_SOURCE') await datasetFor(c, db, entityId ?? '', operation);
    return entityType;
  };
  const certified = '/api/tags/v3/:entityType/:entityId/system/CERTIFIED/state';

  r.put(`${certified}/:state`, async (c) => {
    const { entityId, state } = c.req.param();
    const entityType = await checked(c, 'manage');
    if (state !== 'ACTIVE') throw badRequest(`state: only ACTIVE can be set, not "${state}"`);
    await certify(db, entityType, entityId, c.get('userId'));
    return c.json({ message: `${entityType} ${entityId} is certified` });
  });
  r.get(certified, async (c) => {
    const { entityId } = c.req.param();
    return c.json(await certificationState(db, await checked(c, 'read'), entityId));
  });
  r.delete(certified, async (c) => {
    const { entityId } = c.req.param();
    await uncertify(db, await checked(c, 'manage'), entityId, c.get('userId'));
    return c.body(null, 204);
  });

  return r;
}
