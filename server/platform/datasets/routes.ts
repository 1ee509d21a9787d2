import { Hono } from 'hono';
import { z } from 'zod';
import { datasetListParams, executeQueryBody, queryBool } from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, query } from '../core/validate';
import { toDataset, toIndexedSchema, toPartition } from './mappers';
import type { DatasetService } from './service';

const schemaParams = z.object({ includeHidden: queryBool.optional() });

/** Datasets (gaps.md), rows preview, indexed schema (4.8) and partitions (4.10). */
export function datasetRoutes({ datasets }: { datasets: DatasetService }) {
  const r = new Hono<PlatformEnv>();

  // The answer is the array gaps.md names; the total for paging rides in a header.
  r.get('/api/data/v3/datasources', async (c) => {
    const { rows, total } = await datasets.list(actorOf(c), query(c, datasetListParams));
    c.header('X-Total-Count', String(total));
    return c.json(rows.map(toDataset));
  });
  r.get('/api/data/v3/datasources/:id', async (c) =>
    c.json(toDataset(await datasets.get(actorOf(c), c.req.param('id')))),
  );

  r.post('/api/query/v1/execute/:id', async (c) => {
    const { sql } = await body(c, executeQueryBody);
    return c.json(await datasets.preview(actorOf(c), c.req.param('id'), sql));
  });

  r.get('/api/query/v1/datasources/:id/schema/indexed', async (c) => {
    const { includeHidden } = query(c, schemaParams);
    const dataset = await datasets.get(actorOf(c), c.req.param('id'));
    return c.json(toIndexedSchema(dataset, includeHidden ?? false));
  });

  r.get('/api/query/v1/datasources/:id/partition', async (c) =>
    c.json((await datasets.partitions(actorOf(c), c.req.param('id'))).map(toPartition)),
  );
  r.delete('/api/query/v1/datasources/:id/partition/:partitionId', async (c) => {
    const partitionId = c.req.param('partitionId');
    await datasets.deletePartition(actorOf(c), c.req.param('id'), partitionId);
    return c.json({ partitionId, deleted: true as const });
  });

  return r;
}
