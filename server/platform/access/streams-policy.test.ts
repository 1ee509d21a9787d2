import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stream, streamExecution, type StreamExecution } from '../../../src/api/contract';
import { CUSTOMERS_COLLECTION_ID as CUSTOMERS } from '../seed/datastores';
import { streamBody } from '../testing/streams';
import { startTestPlatform, type TestPlatform } from '../testing';
import { sampleUsers, type SampleUser } from '../testing/users';

// A stream reads its source as the user who creates or runs it (a scheduled run: its
// owner). Seed: customers is Finance-only (Chloe, Eve: READ_CONTENT); Ben and Dev have nothing on
// it. The data file regional-targets.csv is Ada's. Ben is given READ alone on customers below.
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
let adaFile = 0;
let chloeFile = 0;

beforeAll(async () => {
  platform = await startTestPlatform({ intervals: { streamSchedulerMs: 150 } });
  as = await sampleUsers(platform);
  const files = (await (await as('ada', '/api/data/v1/data-files/details')).json()) as Array<{
    dataFileId: number;
  }>;
  adaFile = files[0]!.dataFileId;
  const upload = await as('chloe', '/api/data/v1/data-files?name=chloe.csv', {
    method: 'POST',
    body: 'region,target\nWest,5\n',
    contentType: 'text/csv',
  });
  chloeFile = ((await upload.json()) as { dataFileId: number }).dataFileId;
  const grant = await as(
    'ada',
    `/api/datastores/v1/collections/${CUSTOMERS}/permission/USER/2?permissions=read`,
    { method: 'PUT' },
  );
  expect(grant.status).toBe(200);
});
afterAll(() => platform.close());

const onCustomers = () => streamBody('document-store', { collectionId: CUSTOMERS });
const onFile = (id: number) => streamBody('data-file', { dataFileId: String(id) });
const create = (who: SampleUser, body: unknown) =>
  as(who, '/api/data/v1/streams', { method: 'POST', json: body });

async function finished(who: SampleUser, streamId: number, executionId: number) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const res = await as(who, `/api/data/v1/streams/${streamId}/executions/${executionId}`);
    const execution: StreamExecution = streamExecution.parse(await res.json());
    if (execution.state !== 'ACTIVE') return execution;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`execution ${executionId} still ACTIVE`);
}
async function run(who: SampleUser, streamId: number) {
  const res = await as(who, `/api/data/v1/streams/${streamId}/executions`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(201);
  return finished(who, streamId, streamExecution.parse(await res.json()).id);
}
const rowCount = async (datasetId: string) =>
  (
    (await (await as('ada', `/api/data/v3/datasources/${datasetId}`)).json()) as {
      rowCount: number;
    }
  ).rowCount;

// user × source → status of creating a stream on it (400: the source is unknown to the user,
// as an unknown id; 403 names the permission needed)
const createTable: Array<[SampleUser, string, number, () => unknown]> = [
  ['ada', 'customers', 200, onCustomers],
  ['chloe', 'customers', 200, onCustomers],
  ['eve', 'customers', 200, onCustomers],
  ['ben', 'customers', 403, onCustomers],
  ['dev', 'customers', 400, onCustomers],
  ['ada', "Ada's data file", 200, () => onFile(adaFile)],
  ['chloe', "Ada's data file", 400, () => onFile(adaFile)],
  ['dev', "Ada's data file", 400, () => onFile(adaFile)],
  ['chloe', "Chloe's data file", 200, () => onFile(chloeFile)],
  ['ada', "Chloe's data file", 200, () => onFile(chloeFile)],
  ['eve', "Chloe's data file", 400, () => onFile(chloeFile)],
];

describe('stream sources', () => {
  it.each(createTable)('%s creates a stream on %s: %i', async (who, _source, status, body) => {
    const res = await create(who, body());
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (status === 403) expect(text).toMatch(/You need the READ_CONTENT permission.*customers/);
    if (status === 400)
      expect(text).toMatch(/configuration\.(collectionId: no collection|dataFileId: no data file)/);
  });

  it('a run reads the source as the user who starts it: a Participant with edit on the dataset gets an ERROR naming the permission, and no customer', async () => {
    const created = stream.parse(await (await create('chloe', onCustomers())).json());
    const share = await as('chloe', `/api/data/v3/datasources/${created.dataSource.id}/share`, {
      method: 'POST',
      json: { permissions: [{ id: '4', type: 'USER', accessLevel: 'CAN_EDIT' }] },
    });
    expect(share.status).toBe(200);
    const refused = await run('dev', created.id);
    expect(refused.state).toBe('ERROR');
    expect(refused.errorMessage).toMatch(/READ_CONTENT/);
    expect(await rowCount(created.dataSource.id)).toBe(0);

    const allowed = await run('chloe', created.id);
    expect(allowed.state, allowed.errorMessage ?? '').toBe('SUCCESS');
    expect(allowed.rowsInserted).toBeGreaterThan(0);
  });

  it('a data-file stream run by a user who may not read the file ends in ERROR, its dataset untouched', async () => {
    const created = stream.parse(await (await create('chloe', onFile(chloeFile))).json());
    await as('chloe', `/api/data/v3/datasources/${created.dataSource.id}/share`, {
      method: 'POST',
      json: { permissions: [{ id: '5', type: 'USER', accessLevel: 'CAN_EDIT' }] },
    });
    const refused = await run('eve', created.id);
    expect(refused.state).toBe('ERROR');
    expect(refused.errorMessage).toMatch(/responsible user or the Admin role/);
    expect(await rowCount(created.dataSource.id)).toBe(0);
    expect((await run('chloe', created.id)).state).toBe('SUCCESS');
  });

  it("a scheduled run reads as the stream's owner: one who lost access ends in ERROR", async () => {
    const created = stream.parse(await (await create('chloe', onCustomers())).json());
    // The stream now belongs to Dev, who has no permission on customers, and is due.
    await platform.db.query(
      `UPDATE streams SET created_by = 4, next_run_at = now() - interval '1 minute' WHERE id = $1`,
      [created.id],
    );
    let runs: StreamExecution[] = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      runs = streamExecution
        .array()
        .parse(await (await as('chloe', `/api/data/v1/streams/${created.id}/executions`)).json());
      if (runs[0] && runs[0].state !== 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ runType: 'SCHEDULED', state: 'ERROR' });
    // Dev may not see Chloe's dataset, which the scheduler checks before the run reads the source.
    expect(runs[0]!.errorMessage).toMatch(/owner, user 4, who may no longer see its dataset/);
    expect(await rowCount(created.dataSource.id)).toBe(0);
  });
});
