import { Hono } from 'hono';
import { z } from 'zod';
import { createStreamBody, queryInt, runStreamBody } from '../../../src/api/contract';
import type { Context } from 'hono';
import { datasetFor, type DatasetOperation } from '../access/policy';
import type { PlatformDeps, PlatformEnv } from '../core/context';
import { PlatformError, notFound } from '../core/errors';
import type { Queryable } from '../store';
import { body, parseWith, query, readJson } from '../core/validate';
import { connectorList } from './connectors';
import { toAccount, toExecution, toStream } from './mappers';
import { getExecution, getStream, listAccounts, listExecutions, listStreams } from './repository';
import { scheduleStreams } from './scheduler';
import { STREAM_RUN_JOB, startExecution, streamRunHandler } from './run-job';
import { executionLive } from './live';
import { createStream } from './service';

const page = { limit: queryInt(1, 500).optional(), offset: queryInt(0, 1_000_000).optional() };
const streamListParams = z.object({ datasetId: z.string().min(1).optional(), ...page });
const executionListParams = z.object(page);

/** Streams (4.3), their executions, and the connectors and accounts the wizard offers. */
/**
 * The stream, when the caller may do `operation` on the dataset it loads (access/policy.ts);
 * a stream of a dataset they may not see is not found, as the dataset would be.
 */
async function streamFor(
  c: Context<PlatformEnv>,
  db: Queryable,
  id: string,
  operation: DatasetOperation,
) {
  const stream = await getStream(db, id);
  try {
    await datasetFor(c, db, stream.dataset_id, operation);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw notFound(`No stream ${id}`);
    throw error;
  }
  return stream;
}

export function streamRoutes(deps: PlatformDeps) {
  const { db } = deps;
  const r = new Hono<PlatformEnv>();
  const streams = '/api/data/v1/streams';
  deps.queue.register(STREAM_RUN_JOB, streamRunHandler(deps));
  scheduleStreams(deps);

  r.get(`${streams}/connectors`, (c) => c.json(connectorList()));
  r.get('/api/data/v1/accounts', async (c) => c.json((await listAccounts(db)).map(toAccount)));

  r.post(streams, async (c) => {
    const stream = await createStream(db, await body(c, createStreamBody), c.get('userId'));
    return c.json(toStream(stream));
  });
  r.get(streams, async (c) => {
    const { datasetId, limit, offset } = query(c, streamListParams);
    return c.json(
      (
        await listStreams(db, {
          datasetId,
          limit: limit ?? 100,
          offset: offset ?? 0,
          viewerId: c.get('userId'),
        })
      ).map(toStream),
    );
  });
  r.get(`${streams}/:id`, async (c) =>
    c.json(toStream(await streamFor(c, db, c.req.param('id'), 'read'))),
  );

  // gaps.md: `{runType: "MANUAL"}`, `{action}` or no body at all start a run.
  r.post(`${streams}/:id/executions`, async (c) => {
    const stream = await streamFor(c, db, c.req.param('id'), 'edit');
    parseWith(runStreamBody, await readJson(c, { optional: true }));
    return c.json(toExecution(await startExecution(deps, stream, 'MANUAL', c.get('userId'))), 201);
  });
  r.get(`${streams}/:id/executions`, async (c) => {
    const stream = await streamFor(c, db, c.req.param('id'), 'read');
    const { limit, offset } = query(c, executionListParams);
    return c.json((await listExecutions(db, stream.id, limit ?? 50, offset ?? 0)).map(toExecution));
  });
  r.get(`${streams}/:id/executions/:executionId/live`, async (c) =>
    executionLive(c, deps, await streamFor(c, db, c.req.param('id'), 'read')),
  );
  r.get(`${streams}/:id/executions/:executionId`, async (c) => {
    const stream = await streamFor(c, db, c.req.param('id'), 'read');
    return c.json(toExecution(await getExecution(db, stream.id, c.req.param('executionId'))));
  });

  return r;
}
