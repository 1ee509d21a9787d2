import { expect } from 'vitest';
import {
  experiment as experimentSchema,
  type CreateExperimentBody,
  type Experiment,
} from '../../../src/api/contract';
import { columnsFrom, createDataset, replaceRows } from '../datasets/store';
import type { TestPlatform } from './index';

export const experimentsPath = '/api/ai/v1/experiments';

/** A dataset of text columns owned by `owner`, written as a stream run would write it. */
export async function casesDataset(
  platform: TestPlatform,
  spec: { name: string; owner: number; columns: string[]; rows: string[][] },
): Promise<string> {
  const columns = columnsFrom(spec.columns.map((name) => ({ name, type: 'STRING' })));
  return platform.db.transaction(async (tx) => {
    const id = await createDataset(tx, { name: spec.name, owner: spec.owner, columns });
    await replaceRows(tx, id, columns, spec.rows);
    return id;
  });
}

/** A create body over `datasetId`: `${question}` → question, expected `answer`, one variant. */
export const echoBody = (
  datasetId: string,
  more: Partial<CreateExperimentBody> = {},
): CreateExperimentBody => ({
  name: 'Echo experiment',
  cases: { datasetId, limit: 100 },
  mapping: { question: 'question' },
  expectedColumn: 'answer',
  variants: [{ model: 'local.template-echo', template: '${question}' }],
  scorers: [{ type: 'exactMatch' }],
  ...more,
});

type Request = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/** Creates an experiment (201) and answers it. */
export async function createExperiment(request: Request, body: CreateExperimentBody) {
  const res = await request(experimentsPath, { method: 'POST', json: body });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return experimentSchema.parse(JSON.parse(text));
}

/** The experiment once `done` says so (by default: once it has ended), read every 50 ms. */
export async function experimentWhen(
  request: Request,
  id: string,
  done: (e: Experiment) => boolean = (e) => !['QUEUED', 'RUNNING'].includes(e.state),
  timeoutMs = 60_000,
): Promise<Experiment> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(`${experimentsPath}/${id}`);
    expect(res.status).toBe(200);
    const e = experimentSchema.parse(await res.json());
    if (done(e)) return e;
    if (Date.now() > until) throw new Error(`experiment ${id} is still ${e.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
