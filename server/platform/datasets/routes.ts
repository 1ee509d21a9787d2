import { Hono } from 'hono';
import { z } from 'zod';
import { datasetListParams, executeQueryBody, queryBool } from '../../../src/api/contract';
import { datasetFor } from '../access/policy';
import { recordEvent } from '../audit/record';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { notFound } from '../core/errors';
import { body, query } from '../core/validate';
import { toDataset, toIndexedSchema, toPartition } from './mappers';
import { runPreview } from './preview';
import { listDatasets, listPartitions } from './repository';
import { scheduleRowSetSweep } from './row-sets';
import { deletePartition } from './store';

const schemaParams = z.object({ includeHidden: queryBool.optional() });

/** Datasets (gaps.md), rows preview, indexed schema (4.8) and partitions (4.10). */
export function datasetRoutes(deps: PlatformDeps) {
  const { db } = deps;
  const r = new Hono<PlatformEnv>();
  scheduleRowSetSweep(deps);

  // The answer is the array gaps.md names; the total for paging rides in a header.
  r.get('/api/data/v3/datasources', async (c) => {
    const { rows, total } = await listDatasets(db, query(c, datasetListParams), c.get('userId'));
    c.header('X-Total-Count', String(total));
    return c.json(rows.map(toDataset));
  });
  r.get('/api/data/v3/datasources/:id', async (c) =>
    c.json(toDataset(await datasetFor(c, db, c.req.param('id'), 'read'))),
  );

  r.post('/api/query/v1/execute/:id', async (c) => {
    const dataset = await datasetFor(c, db, c.req.param('id'), 'read');
    const { sql } = await body(c, executeQueryBody);
    return c.json(await runPreview(db, dataset, sql));
  });

  r.get('/api/query/v1/datasources/:id/schema/indexed', async (c) => {
    const { includeHidden } = query(c, schemaParams);
    return c.json(
      toIndexedSchema(await datasetFor(c, db, c.req.param('id'), 'read'), includeHidden ?? false),
    );
  });

  r.get('/api/query/v1/datasources/:id/partition', async (c) => {
    const dataset = await datasetFor(c, db, c.req.param('id'), 'read');
    return c.json((await listPartitions(db, dataset.id)).map(toPartition));
  });
  r.delete('/api/query/v1/datasources/:id/partition/:partitionId', async (c) => {
    const dataset = await datasetFor(c, db, c.req.param('id'), 'edit');
    const partitionId = c.req.param('partitionId');
    const deleted = await db.transaction(async (tx) => {
      const gone = await deletePartition(tx, dataset.id, partitionId);
      if (gone)
        await recordEvent(tx, c.get('userId'), 'partition.deleted', {
          type: 'partition',
          parent: dataset.id,
          id: `${dataset.id}/${partitionId}`,
          name: `${dataset.name} / ${partitionId}`,
        });
      return gone;
    });
    if (!deleted) throw notFound(`No partition ${partitionId} in dataset ${dataset.id}`);
    return c.json({ partitionId, deleted: true as const });
  });

  return r;
}
