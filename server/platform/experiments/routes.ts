import { Hono } from 'hono';
import { z } from 'zod';
import {
  cellStates,
  createExperimentBody,
  EXPERIMENT_LIMITS,
  experimentState,
  queryInt,
  saveExperimentBody,
} from '../../../src/api/contract';
import { csvLine } from '../audit/csv';
import { downloadHeaders } from '../core/download';
import { actorOf, type PlatformEnv } from '../core/http';
import { body, parseWith, query } from '../core/validate';
import { MAX_EXPERIMENTS_PAGE, type ExperimentService } from './service';

const listParams = z.object({
  state: experimentState.optional(),
  limit: queryInt(1, MAX_EXPERIMENTS_PAGE).optional(),
  offset: queryInt(0, 1_000_000).optional(),
});
const score = z.coerce.number().min(0).max(1);
const resultsParams = z.object({
  offset: queryInt(0, EXPERIMENT_LIMITS.cases).optional(),
  limit: queryInt(1, EXPERIMENT_LIMITS.page).optional(),
  variant: queryInt(0, EXPERIMENT_LIMITS.variants - 1).optional(),
  scorer: queryInt(0, EXPERIMENT_LIMITS.scorers - 1).optional(),
  sort: z.enum(['case', 'score']).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  minScore: score.optional(),
  maxScore: score.optional(),
  /** One cell state, or several separated by commas. */
  state: z
    .string()
    .max(100)
    .transform((text) => text.split(',').map((s) => s.trim()))
    .pipe(z.array(z.enum(cellStates)).min(1))
    .optional(),
});
const cellParams = z.object({
  caseIndex: queryInt(0, EXPERIMENT_LIMITS.cases - 1),
  variant: queryInt(0, EXPERIMENT_LIMITS.variants - 1),
});

/** Prompt experiments, the platform's own paths (docs/platform-gaps.md "Prompt experiments"). */
export function experimentRoutes({ experiments }: { experiments: ExperimentService }) {
  const r = new Hono<PlatformEnv>();
  const base = '/api/ai/v1/experiments';

  r.post(base, async (c) => {
    const input = await body(c, createExperimentBody);
    return c.json(await experiments.create(actorOf(c), input), 201);
  });
  r.post(`${base}/estimate`, async (c) => {
    const input = await body(c, createExperimentBody);
    return c.json(await experiments.estimate(actorOf(c), input));
  });
  r.get(base, async (c) => c.json(await experiments.list(actorOf(c), query(c, listParams))));
  r.get(`${base}/:id`, async (c) => c.json(await experiments.get(actorOf(c), c.req.param('id'))));
  r.get(`${base}/:id/results`, async (c) => {
    const { state, ...params } = query(c, resultsParams);
    return c.json(
      await experiments.results(actorOf(c), c.req.param('id'), { ...params, states: state }),
    );
  });
  r.get(`${base}/:id/results.csv`, async (c) => {
    const { name, rows } = await experiments.resultsCsv(actorOf(c), c.req.param('id'));
    const lines = rows[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvLine(next.value)));
      },
      async cancel() {
        await lines.return?.(undefined);
      },
    });
    return new Response(body, {
      headers: downloadHeaders(`${name}.csv`, 'text/csv; charset=utf-8'),
    });
  });
  r.post(`${base}/:id/cancel`, async (c) =>
    c.json(await experiments.cancel(actorOf(c), c.req.param('id'))),
  );
  r.post(`${base}/:id/cells/:caseIndex/:variant/run`, async (c) => {
    const { caseIndex, variant } = parseWith(
      cellParams,
      { caseIndex: c.req.param('caseIndex'), variant: c.req.param('variant') },
      'path',
    );
    return c.json(await experiments.rerunCell(actorOf(c), c.req.param('id'), caseIndex, variant));
  });
  r.post(`${base}/:id/dataset`, async (c) => {
    const input = await body(c, saveExperimentBody);
    return c.json(await experiments.saveAsDataset(actorOf(c), c.req.param('id'), input), 201);
  });
  return r;
}
