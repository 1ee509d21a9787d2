import { Hono } from 'hono';
import { z } from 'zod';
import { createStreamBody, queryInt, runStreamBody } from '../../../src/api/contract';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, parseWith, query, readJson } from '../core/validate';
import type { LiveReads } from '../live/live-reads';
import { executionLive } from './live';
import { toAccount, toExecution, toStream } from './mappers';
import { MAX_OFFSET, MAX_PAGE, type StreamService } from './service';

const page = {
  limit: queryInt(1, MAX_PAGE).optional(),
  offset: queryInt(0, MAX_OFFSET).optional(),
};
const streamListParams = z.object({ datasetId: z.string().min(1).optional(), ...page });
const executionListParams = z.object(page);

/** Streams (4.3), their executions, and the connectors and accounts the wizard offers. */
export function streamRoutes({ streams }: { streams: StreamService }, live: LiveReads) {
  const r = new Hono<PlatformEnv>();
  const path = '/api/data/v1/streams';

  r.get(`${path}/connectors`, async (c) => c.json(await streams.connectors(actorOf(c))));
  r.get('/api/data/v1/accounts', async (c) =>
    c.json((await streams.accounts(actorOf(c))).map(toAccount)),
  );

  r.post(path, async (c) =>
    c.json(toStream(await streams.create(actorOf(c), await body(c, createStreamBody)))),
  );
  r.get(path, async (c) =>
    c.json((await streams.list(actorOf(c), query(c, streamListParams))).map(toStream)),
  );
  r.get(`${path}/:id`, async (c) =>
    c.json(toStream(await streams.get(actorOf(c), c.req.param('id')))),
  );

  // gaps.md: `{runType: "MANUAL"}`, `{action}` or no body at all start a run.
  r.post(`${path}/:id/executions`, async (c) => {
    parseWith(runStreamBody, await readJson(c, { optional: true }));
    return c.json(toExecution(await streams.start(actorOf(c), c.req.param('id'))), 201);
  });
  r.get(`${path}/:id/executions`, async (c) => {
    const executions = await streams.executions(
      actorOf(c),
      c.req.param('id'),
      query(c, executionListParams),
    );
    return c.json(executions.map(toExecution));
  });
  r.get(`${path}/:id/executions/:executionId/live`, (c) => executionLive(c, live, streams));
  r.get(`${path}/:id/executions/:executionId`, async (c) => {
    const { id, executionId } = c.req.param();
    return c.json(toExecution(await streams.execution(actorOf(c), id, executionId)));
  });

  return r;
}
