import { Hono } from 'hono';
import { dataFileAccess, filesetAccess } from '../../../src/api/contract/file-access';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { dataFileAbilities, dataFileFor } from './data-files';
import { filesetAbilities, filesetFor } from './filesets';

/**
 * What the caller may do with one data file or fileset (issue 23), for the console to disable the
 * rest: the same decisions the data-file and fileset routes take. Unknown or invisible: 404.
 */
export function fileAccessRoutes({ db }: PlatformDeps) {
  const r = new Hono<PlatformEnv>();
  r.get('/api/access/v1/data-files/:id', async (c) => {
    const file = await dataFileFor(db, c.get('userId'), c.req.param('id'), 'read');
    return c.json(dataFileAccess.parse(await dataFileAbilities(db, c.get('userId'), file)));
  });
  r.get('/api/access/v1/filesets/:id', async (c) => {
    const fileset = await filesetFor(db, c.get('userId'), c.req.param('id'), 'read');
    return c.json(filesetAccess.parse(await filesetAbilities(db, c.get('userId'), fileset)));
  });
  return r;
}
