import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  connector,
  dataset,
  indexedSchema,
  messageError,
  partition,
  queryResult,
  stream,
  streamExecution,
} from '../../../src/api/contract';
import { ORDERS_COLLECTION_ID } from '../seed/datastores';
import { TARGETS_DATASET_ID } from '../seed/streams';
import { refusals } from '../testing/expect';
import { startTestPlatform, type TestPlatform } from '../testing';
import {
  createStream,
  finished,
  runToEnd,
  startRun,
  streamBody,
  uploadCsv,
} from '../testing/streams';

let platform: TestPlatform;
let web: http.Server;
let webUrl: string;
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  platform = await startTestPlatform({
    intervals: { streamSchedulerMs: 150 },
    env: { STREAMS_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' },
  });
  web = http.createServer((req, res) => {
    if (req.url === '/cities.csv')
      res
        .writeHead(200, { 'content-type': 'text/csv' })
        .end('city,population\nLyon,522000\nNice,342000\n');
    else if (req.url === '/slow.csv') {
      // headers and a first line, then nothing: the timeout must cover the whole body
      res.writeHead(200, { 'content-type': 'text/csv' }).write('city,population\n');
      hanging.add(res);
    } else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  web.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
  await platform.close();
});

const rowsOf = async (datasetId: string) =>
  queryResult.parse(
    await (
      await platform.api(`/api/query/v1/execute/${datasetId}`, {
        method: 'POST',
        json: { sql: 'SELECT * FROM table' },
      })
    ).json(),
  );
const datasetOf = async (id: string) =>
  dataset.parse(await (await platform.api(`/api/data/v3/datasources/${id}`)).json());
const partitionsOf = async (id: string) =>
  partition
    .array()
    .parse(await (await platform.api(`/api/query/v1/datasources/${id}/partition`)).json());
const newRevision = (fileId: number, csv: string) =>
  platform.api(`/api/data/v1/data-files/${fileId}`, {
    method: 'PUT',
    body: csv,
    headers: { 'X-SERVICE-Developer-Token': platform.tokens.developer, 'content-type': 'text/csv' },
  });

describe('connectors and accounts', () => {
  it('lists the three connectors with their fields, and one account per connector', async () => {
    const connectors = connector
      .array()
      .parse(await (await platform.api('/api/data/v1/streams/connectors')).json());
    expect(connectors.map((c) => c.key)).toEqual(['data-file', 'document-store', 'http-csv']);
    expect(connectors[0]!.fields[0]).toMatchObject({ name: 'dataFileId', required: true });
    const accounts = account
      .array()
      .parse(await (await platform.api('/api/data/v1/accounts')).json());
    expect(accounts.map((a) => a.type)).toEqual(['data-file', 'document-store', 'http-csv']);
  });
});

describe('create a stream (4.3)', () => {
  it('creates the stream and its dataset, and answers the stream as read back', async () => {
    const fileId = await uploadCsv(platform, 'one.csv', 'a,b\n1,x\n');
    const body = streamBody(
      'data-file',
      { dataFileId: String(fileId) },
      { dataSource: { name: 'Made here', description: 'desc' } },
    );
    const created = await createStream(platform, body);
    expect(created).toMatchObject({
      transport: body.transport,
      updateMethod: 'REPLACE',
      dataProvider: { key: 'data-file' },
      account: { id: 1 },
      configuration: body.configuration,
      advancedScheduleJson: body.advancedScheduleJson,
      createdBy: 1,
      nextRunAt: null,
      dataSource: { name: 'Made here', description: 'desc' },
    });
    const fetched = stream.parse(
      await (await platform.api(`/api/data/v1/streams/${created.id}`)).json(),
    );
    expect(fetched).toEqual(created);
    expect(await datasetOf(created.dataSource.id)).toMatchObject({
      name: 'Made here',
      description: 'desc',
      rowCount: 0,
    });
    const listed = stream
      .array()
      .parse(
        await (
          await platform.api(`/api/data/v1/streams?datasetId=${created.dataSource.id}`)
        ).json(),
      );
    expect(listed.map((s) => s.id)).toEqual([created.id]);
  });

  it('accepts a stream without advancedScheduleJson (null when read back)', async () => {
    const { advancedScheduleJson: _, ...body } = streamBody('document-store', {
      collectionId: ORDERS_COLLECTION_ID,
    });
    expect((await createStream(platform, body)).advancedScheduleJson).toBeNull();
  });

  it('refuses a bad body with 400 naming the field, and creates nothing', async () => {
    const before = Number(
      (await platform.api('/api/data/v3/datasources')).headers.get('x-total-count'),
    );
    const good = streamBody('http-csv', { url: `${webUrl}/cities.csv` });
    const without = (field: string) =>
      Object.fromEntries(Object.entries(good).filter(([k]) => k !== field));
    const cases: Array<[unknown, RegExp]> = [
      ...[
        'transport',
        'configuration',
        'account',
        'updateMethod',
        'dataProvider',
        'dataSource',
      ].map((field) => [without(field), new RegExp(`^${field}: `)] as [unknown, RegExp]),
      [{ ...good, updateMethod: 'MERGE' }, /^updateMethod: /],
      [{ ...good, dataSource: { name: '  ' } }, /^dataSource\.name: /],
      [{ ...good, account: { id: '3' } }, /^account\.id: /],
      [
        { ...good, advancedScheduleJson: { type: 'MANUAL', timezone: 'UTC' } },
        /^advancedScheduleJson: /,
      ],
      [{ ...good, advancedScheduleJson: 'MANUAL' }, /^advancedScheduleJson: not a JSON document/],
      [{ ...good, advancedScheduleJson: '{"type":"MANUAL"}' }, /^advancedScheduleJson: timezone: /],
      [{ ...good, advancedScheduleJson: '{"timezone":"UTC"}' }, /^advancedScheduleJson: type: /],
      [
        { ...good, advancedScheduleJson: '{"type":"INTERVAL","timezone":"UTC"}' },
        /^advancedScheduleJson: intervalMinutes: /,
      ],
      [
        { ...good, transport: { type: 'CONNECTOR', description: 'ftp', version: '1' } },
        /^transport\.description: unknown connector "ftp"/,
      ],
      [
        { ...good, transport: { type: 'CONNECTOR', description: 'http-csv', version: '9' } },
        /^transport\.version: /,
      ],
      [{ ...good, account: { id: 99 } }, /^account\.id: no account 99/],
      [{ ...good, account: { id: 1 } }, /^account\.id: account 1 is for data-file streams/],
      [streamBody('http-csv', {}), /^configuration\.url: required/],
      [
        streamBody('http-csv', { url: 'ftp://example.com/x.csv' }),
        /^configuration\.url: only http and https/,
      ],
      [streamBody('http-csv', { url: 'not a url' }), /^configuration\.url: not a URL/],
      [
        streamBody('http-csv', { url: `${webUrl}/x`, timeoutSeconds: '0' }),
        /^configuration\.timeoutSeconds: /,
      ],
      [
        streamBody('data-file', { dataFileId: '99999' }),
        /^configuration\.dataFileId: no data file 99999/,
      ],
      [
        streamBody('data-file', { dataFileId: 'abc' }),
        /^configuration\.dataFileId: expected a data file id/,
      ],
      [
        streamBody('document-store', { collectionId: 'nope' }),
        /^configuration\.collectionId: no collection nope/,
      ],
      [[], /^body: /],
    ];
    for (const [json, message] of cases) {
      const res = await platform.api('/api/data/v1/streams', { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(messageError.parse(await res.json()).message, JSON.stringify(json)).toMatch(message);
    }
    const notJson = await platform.api('/api/data/v1/streams', {
      method: 'POST',
      body: '{"transport"',
      headers: { 'X-SERVICE-Developer-Token': platform.tokens.developer },
    });
    expect(notJson.status).toBe(400);
    expect(
      Number((await platform.api('/api/data/v3/datasources')).headers.get('x-total-count')),
    ).toBe(before);
  });

  it('answers an unknown stream with 404', async () => {
    await refusals(
      platform,
      [
        '/api/data/v1/streams/99999',
        '/api/data/v1/streams/abc',
        '/api/data/v1/streams/99999/executions',
      ],
      404,
    );
    expect(
      (
        await platform.api('/api/data/v1/streams/99999/executions', {
          method: 'POST',
          json: { runType: 'MANUAL' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('run a stream', () => {
  it('data file, REPLACE: 201 ACTIVE, then SUCCESS with the rows; a new revision replaces them', async () => {
    const fileId = await uploadCsv(
      platform,
      'sales.csv',
      'day,region,units,amount\n2026-11-01,North,3,10.5\n2026-11-02,South,4,7\n',
    );
    const created = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const started = await startRun(platform, created.id);
    expect(started).toMatchObject({
      streamId: created.id,
      state: 'ACTIVE',
      runType: 'MANUAL',
      endedAt: null,
    });
    const done = await finished(platform, created.id, started.id);
    expect(done).toMatchObject({
      state: 'SUCCESS',
      rowsInserted: 2,
      // Written when the source is read, while the run is ACTIVE: its progress.
      rowsRead: 2,
      errorMessage: null,
      partitionId: null,
    });
    expect(done.endedAt).not.toBeNull();
    const schema = indexedSchema.parse(
      await (
        await platform.api(`/api/query/v1/datasources/${created.dataSource.id}/schema/indexed`)
      ).json(),
    );
    expect(schema.tables[0]!.columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      'day:DATE',
      'region:STRING',
      'units:LONG',
      'amount:DOUBLE',
    ]);
    expect((await rowsOf(created.dataSource.id)).rows).toEqual([
      ['2026-11-01', 'North', 3, 10.5],
      ['2026-11-02', 'South', 4, 7],
    ]);
    // The set's position index is made, at the latest once the run has published it.
    const indexed = async () =>
      (
        await platform.db.query<{ built: boolean }>(
          `SELECT to_regclass(row_table || '_at') IS NOT NULL AS built FROM dataset_row_sets
           WHERE dataset_id = $1 AND state = 'live'`,
          [created.dataSource.id],
        )
      )[0]?.built;
    const until = Date.now() + 5_000;
    while (!(await indexed()) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await indexed()).toBe(true);

    expect(
      (await newRevision(fileId, 'day,region,units,amount\n2026-11-03,East,1,1.25\n')).status,
    ).toBe(200);
    expect((await runToEnd(platform, created.id)).rowsInserted).toBe(1);
    expect((await rowsOf(created.dataSource.id)).rows).toEqual([['2026-11-03', 'East', 1, 1.25]]);
    expect((await datasetOf(created.dataSource.id)).rowCount).toBe(1);
    const executions = streamExecution
      .array()
      .parse(await (await platform.api(`/api/data/v1/streams/${created.id}/executions`)).json());
    expect(executions.map((e) => e.id)).toEqual([executions[0]!.id, started.id]);
    expect(executions[0]!.id).toBeGreaterThan(started.id);
  });

  it('accepts {action}, {runType: "MANUAL"} or no body; refuses another runType', async () => {
    const fileId = await uploadCsv(platform, 'tiny.csv', 'n\n1\n');
    const { id } = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    await finished(platform, id, (await startRun(platform, id, { action: 'run' })).id);
    const res = await platform.api(`/api/data/v1/streams/${id}/executions`, { method: 'POST' });
    expect(res.status).toBe(201);
    await finished(platform, id, streamExecution.parse(await res.json()).id);
    const bad = await platform.api(`/api/data/v1/streams/${id}/executions`, {
      method: 'POST',
      json: { runType: 'SCHEDULED' },
    });
    expect(bad.status).toBe(400);
    expect(messageError.parse(await bad.json()).message).toMatch(/^runType: /);
    const missing = await platform.api(`/api/data/v1/streams/${id}/executions/99999`);
    expect(missing.status).toBe(404);
  });

  it('data file, APPEND: a partition per execution, named by its date, then exec-<id>', async () => {
    const fileId = await uploadCsv(
      platform,
      'events.csv',
      'at,kind\n2026-11-21T10:00:00Z,click\n2026-11-21T10:01:00Z,view\n',
    );
    const created = await createStream(
      platform,
      streamBody(
        'data-file',
        { dataFileId: String(fileId) },
        {
          updateMethod: 'APPEND',
          advancedScheduleJson: JSON.stringify({ type: 'MANUAL', timezone: 'Asia/Tokyo' }),
        },
      ),
    );
    const first = await runToEnd(platform, created.id);
    const second = await runToEnd(platform, created.id);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
      new Date(first.startedAt),
    );
    expect(first).toMatchObject({ state: 'SUCCESS', partitionId: today, rowsInserted: 2 });
    expect(second).toMatchObject({ state: 'SUCCESS', partitionId: `exec-${second.id}` });
    const parts = await partitionsOf(created.dataSource.id);
    expect(parts.map((p) => [p.partitionId, p.rowCount])).toEqual([
      [today, 2],
      [`exec-${second.id}`, 2],
    ]);
    expect((await datasetOf(created.dataSource.id)).rowCount).toBe(4);

    expect((await newRevision(fileId, 'when,kind\n2026-11-22,x\n')).status).toBe(200);
    const mismatch = await runToEnd(platform, created.id);
    expect(mismatch.state).toBe('ERROR');
    expect(mismatch.errorMessage).toMatch(
      /APPEND needs the dataset's columns \(at, kind\); the source has \(when, kind\)/,
    );
    expect((await datasetOf(created.dataSource.id)).rowCount).toBe(4);
  });

  it('document-store collection: one row per document, one column per schema column', async () => {
    const created = await createStream(
      platform,
      streamBody('document-store', { collectionId: ORDERS_COLLECTION_ID }),
    );
    const first = await runToEnd(platform, created.id);
    expect(first.state).toBe('SUCCESS');
    const collection = (await (
      await platform.api(`/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`)
    ).json()) as {
      schema: { columns: Array<{ name: string; type: string }> };
    };
    const before = await rowsOf(created.dataSource.id);
    expect(before.columns).toEqual(collection.schema.columns.map((c) => c.name));
    expect(before.numRows).toBe(first.rowsInserted);
    expect(before.numRows).toBeGreaterThan(0);
    const quantity = before.columns.indexOf('quantity');
    expect(before.rows.every((r) => typeof r[quantity] === 'number')).toBe(true);

    const content = {
      orderNumber: 99_999,
      customer: 'Zed',
      quantity: 7,
      unitPrice: '12.5',
      status: 'open',
      extra: true,
    };
    const added = await platform.api(
      `/api/datastores/v2/collections/${ORDERS_COLLECTION_ID}/documents`,
      {
        method: 'POST',
        json: { content },
      },
    );
    expect(added.status).toBe(200);
    expect((await runToEnd(platform, created.id)).rowsInserted).toBe(first.rowsInserted + 1);
    const after = await rowsOf(created.dataSource.id);
    const row = after.rows.find((r) => r[after.columns.indexOf('orderNumber')] === 99_999)!;
    expect(Object.fromEntries(after.columns.map((name, i) => [name, row[i]]))).toMatchObject({
      customer: 'Zed',
      quantity: 7,
      unitPrice: 12.5,
      region: null,
    });
  });

  it('HTTP CSV URL: reads a CSV from a local server', async () => {
    const created = await createStream(
      platform,
      streamBody('http-csv', { url: `${webUrl}/cities.csv` }),
    );
    // Runs are numbered per stream: the first run of a new stream is run 1, whatever ran before.
    expect(await runToEnd(platform, created.id)).toMatchObject({
      state: 'SUCCESS',
      rowsInserted: 2,
      runNumber: 1,
    });
    expect((await rowsOf(created.dataSource.id)).rows).toEqual([
      ['Lyon', 522000],
      ['Nice', 342000],
    ]);
    expect(await runToEnd(platform, created.id)).toMatchObject({ runNumber: 2 });
  });

  it('HTTP CSV URL: ends in ERROR with the reason on 404, refusal, unknown host and timeout', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ url: `${webUrl}/missing.csv` }, /answered HTTP 404/],
      [
        { url: `http://127.0.0.1:${closedPort}/x.csv` },
        /^Could not read .*: the connection was refused \(ECONNREFUSED\)/,
      ],
      [
        { url: 'http://no-such-host.invalid/x.csv', timeoutSeconds: '5' },
        /^(Could not read http:\/\/no-such-host\.invalid|No complete answer)/,
      ],
      [
        { url: `${webUrl}/slow.csv`, timeoutSeconds: '1' },
        /^No complete answer from .*slow\.csv within 1 s$/,
      ],
    ];
    for (const [settings, message] of cases) {
      const created = await createStream(platform, streamBody('http-csv', settings));
      const t = Date.now();
      const done = await runToEnd(platform, created.id);
      expect(done.state).toBe('ERROR');
      expect(done.errorMessage).toMatch(message);
      expect(Date.now() - t).toBeLessThan(15_000);
      expect((await datasetOf(created.dataSource.id)).rowCount).toBe(0);
    }
  });

  it('refuses a second run while one is ACTIVE with 409', async () => {
    const created = await createStream(
      platform,
      streamBody('http-csv', { url: `${webUrl}/slow.csv`, timeoutSeconds: '2' }),
    );
    const running = await startRun(platform, created.id);
    const again = await platform.api(`/api/data/v1/streams/${created.id}/executions`, {
      method: 'POST',
      json: { runType: 'MANUAL' },
    });
    expect(again.status).toBe(409);
    expect(messageError.parse(await again.json()).message).toMatch(/already running/);
    expect((await finished(platform, created.id, running.id)).state).toBe('ERROR');
  });

  it('a CSV that cannot be read ends in ERROR naming the row', async () => {
    const fileId = await uploadCsv(platform, 'ragged.csv', 'a,b\n1,2\n3\n');
    const created = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    expect(await runToEnd(platform, created.id)).toMatchObject({
      state: 'ERROR',
      errorMessage: 'CSV: row 3 has 1 fields; the header has 2',
      rowsInserted: 0,
    });
  });

  it('a value its column type refuses ends in ERROR naming the row and column; nothing changes', async () => {
    const good = 'id,at\n1,2026-11-01T10:00:00Z\n2,2026-11-02T11:30:00+01:00\n';
    const fileId = await uploadCsv(platform, 'times.csv', good);
    const created = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    expect((await runToEnd(platform, created.id)).state).toBe('SUCCESS');
    const before = [
      [1, '2026-11-01T10:00:00Z'],
      [2, '2026-11-02T10:30:00Z'],
    ];
    expect((await rowsOf(created.dataSource.id)).rows).toEqual(before);
    // The offset has the form of one, and no time zone is 99 hours away.
    const bad = 'id,at\n1,2026-11-03T10:00:00Z\n2,2026-11-03T10:00:00+99:00\n';
    expect((await newRevision(fileId, bad)).status).toBe(200);
    const failed = await runToEnd(platform, created.id);
    expect(failed).toMatchObject({ state: 'ERROR', rowsInserted: 0 });
    expect(failed.errorMessage).toMatch(/^Row 3 \(after the header\), column "at": /);
    expect((await rowsOf(created.dataSource.id)).rows).toEqual(before);
    expect((await datasetOf(created.dataSource.id)).rowCount).toBe(2);
  });

  it('a text the engine refuses (a NUL) ends in ERROR naming its row and column, however it is copied', async () => {
    // No DATETIME column: on PGlite the copy goes as binary tuples, which the engine refuses too.
    const csv = 'id,day,note\n1,2026-11-01,fine\n2,2026-11-02,"bad \u0000 byte"\n';
    const fileId = await uploadCsv(platform, 'nul.csv', csv);
    const created = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const failed = await runToEnd(platform, created.id);
    expect(failed).toMatchObject({ state: 'ERROR', rowsInserted: 0 });
    expect(failed.errorMessage).toMatch(/^Row 3 \(after the header\), column "note": /);
    expect((await datasetOf(created.dataSource.id)).rowCount).toBe(0);
  });

  it('REPLACE with other columns changes the schema and the typed rows together', async () => {
    const fileId = await uploadCsv(platform, 'shape.csv', 'day,units\n2026-11-01,3\n');
    const created = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    expect((await runToEnd(platform, created.id)).state).toBe('SUCCESS');
    const next = 'units,label,at\n1.5,"a, b",2026-11-01 09:15\n,x,\n';
    expect((await newRevision(fileId, next)).status).toBe(200);
    expect((await runToEnd(platform, created.id)).state).toBe('SUCCESS');
    const schema = indexedSchema.parse(
      await (
        await platform.api(`/api/query/v1/datasources/${created.dataSource.id}/schema/indexed`)
      ).json(),
    );
    expect(schema.tables[0]!.columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      'units:DOUBLE',
      'label:STRING',
      'at:DATETIME',
    ]);
    expect((await rowsOf(created.dataSource.id)).rows).toEqual([
      [1.5, 'a, b', '2026-11-01T09:15:00Z'],
      [null, 'x', null],
    ]);
  });

  it('runs the seeded stream on the sample data file (second revision: 5 regions)', async () => {
    const [seeded] = stream
      .array()
      .parse(
        await (await platform.api(`/api/data/v1/streams?datasetId=${TARGETS_DATASET_ID}`)).json(),
      );
    expect(seeded!.transport.description).toBe('data-file');
    expect(await runToEnd(platform, seeded!.id)).toMatchObject({
      state: 'SUCCESS',
      rowsInserted: 5,
    });
    expect((await datasetOf(TARGETS_DATASET_ID)).rowCount).toBe(5);
  });
});

describe('schedules', () => {
  it('an INTERVAL stream runs on its own and its next run moves on; a MANUAL one does not', async () => {
    const fileId = await uploadCsv(platform, 'ticks.csv', 'n\n1\n2\n');
    const manual = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const interval = await createStream(
      platform,
      streamBody(
        'data-file',
        { dataFileId: String(fileId) },
        {
          updateMethod: 'APPEND',
          advancedScheduleJson: JSON.stringify({
            type: 'INTERVAL',
            timezone: 'UTC',
            intervalMinutes: 60,
          }),
        },
      ),
    );
    expect(Date.parse(interval.nextRunAt!)).toBeLessThanOrEqual(Date.now());
    const deadline = Date.now() + 20_000;
    let executions: Array<{ state: string; runType: string }> = [];
    while (Date.now() < deadline) {
      executions = streamExecution
        .array()
        .parse(await (await platform.api(`/api/data/v1/streams/${interval.id}/executions`)).json());
      if (executions.some((e) => e.state === 'SUCCESS')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(executions).toEqual([
      expect.objectContaining({ runType: 'SCHEDULED', state: 'SUCCESS', rowsInserted: 2 }),
    ]);
    const after = stream.parse(
      await (await platform.api(`/api/data/v1/streams/${interval.id}`)).json(),
    );
    expect(Date.parse(after.nextRunAt!) - Date.now()).toBeGreaterThan(55 * 60_000);
    expect((await datasetOf(interval.dataSource.id)).rowCount).toBe(2);
    const manualRuns = streamExecution
      .array()
      .parse(await (await platform.api(`/api/data/v1/streams/${manual.id}/executions`)).json());
    expect(manualRuns).toEqual([]);
  });

  it('a DAILY stream waits for its time', async () => {
    const fileId = await uploadCsv(platform, 'daily.csv', 'n\n1\n');
    const daily = await createStream(
      platform,
      streamBody(
        'data-file',
        { dataFileId: String(fileId) },
        {
          advancedScheduleJson: JSON.stringify({
            type: 'DAILY',
            timezone: 'Europe/Paris',
            at: '06:30',
          }),
        },
      ),
    );
    const next = new Date(daily.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(
        next,
      ),
    ).toBe('06:30');
  });
});

describe('the list of streams', () => {
  it('answers each stream’s last run (null before the first) and its next run', async () => {
    const fileId = await uploadCsv(platform, 'last-run.csv', 'city\nLyon\nNice\n');
    const created = await createStream(
      platform,
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const listed = async () =>
      stream
        .array()
        .parse(await (await platform.api('/api/data/v1/streams?limit=500')).json())
        .find((s) => s.id === created.id);
    expect(await listed()).toMatchObject({ lastExecution: null, nextRunAt: null });

    await runToEnd(platform, created.id);
    const done = await runToEnd(platform, created.id);
    const last = (await listed())?.lastExecution;
    expect(last).toEqual(done);
    expect(last).toMatchObject({ runNumber: 2, state: 'SUCCESS', rowsInserted: 2 });
    const fetched = stream.parse(
      await (await platform.api(`/api/data/v1/streams/${created.id}`)).json(),
    );
    expect(fetched.lastExecution).toEqual(done);
  });
});
