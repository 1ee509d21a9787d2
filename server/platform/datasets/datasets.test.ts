import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataset,
  indexedSchema,
  messageError,
  partition,
  partitionDeleted,
  queryResult,
} from '../../../src/api/contract';
import { SALES_DATASET_ID, WEB_TRAFFIC_DATASET_ID } from '../seed/datasets';
import { startTestPlatform, type TestPlatform } from '../testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const list = async (query = '') => {
  const res = await platform.api(`/api/data/v3/datasources${query}`);
  expect(res.status).toBe(200);
  return {
    total: Number(res.headers.get('x-total-count')),
    items: dataset.array().parse(await res.json()),
  };
};
const preview = (id: string, sql: unknown) =>
  platform.api(`/api/query/v1/execute/${id}`, { method: 'POST', json: { sql } });
const expect400 = async (res: Response, message: RegExp) => {
  expect(res.status).toBe(400);
  expect(messageError.parse(await res.json()).message).toMatch(message);
};

describe('datasets: list and get (gaps.md)', () => {
  it('lists the sample datasets with real row counts and the total in X-Total-Count', async () => {
    const { total, items } = await list();
    expect(total).toBe(items.length);
    const sales = items.find((d) => d.id === SALES_DATASET_ID)!;
    expect(sales).toMatchObject({
      name: 'Sales by region',
      rowCount: 2000,
      columnCount: 6,
      owner: 1,
    });
    expect(items.find((d) => d.id === WEB_TRAFFIC_DATASET_ID)?.rowCount).toBe(500);
  });

  it('searches by name case-insensitively, treating wildcards literally', async () => {
    expect((await list('?nameLike=WEB')).items.map((d) => d.id)).toEqual([WEB_TRAFFIC_DATASET_ID]);
    expect((await list('?nameLike=by%20REG')).items.map((d) => d.name)).toEqual([
      'Sales by region',
    ]);
    const none = await list('?nameLike=_');
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('sorts by name, rowCount, created and lastUpdated in either order, and pages', async () => {
    const byRows = (await list('?sort=rowCount&order=desc')).items;
    expect(byRows.map((d) => d.rowCount)).toEqual(
      [...byRows.map((d) => d.rowCount)].sort((a, b) => b - a),
    );
    const byName = (await list('?sort=name')).items.map((d) => d.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    for (const sort of ['created', 'lastUpdated'])
      expect((await list(`?sort=${sort}&order=asc`)).items.length).toBeGreaterThan(1);
    const all = (await list('?sort=name')).items;
    const page = await list('?sort=name&limit=1&offset=1');
    expect(page.items.map((d) => d.id)).toEqual([all[1]!.id]);
    expect(page.total).toBe(all.length);
  });

  it('answers bad list parameters with 400 naming them', async () => {
    await expect400(await platform.api('/api/data/v3/datasources?sort=owner'), /^sort: /);
    await expect400(await platform.api('/api/data/v3/datasources?order=up'), /^order: /);
    await expect400(await platform.api('/api/data/v3/datasources?limit=501'), /^limit: /);
    await expect400(await platform.api('/api/data/v3/datasources?offset=x'), /^offset: /);
  });

  it('gets one dataset, and answers an unknown one with 404 {message}', async () => {
    const res = await platform.api(`/api/data/v3/datasources/${SALES_DATASET_ID}`);
    expect(dataset.parse(await res.json()).name).toBe('Sales by region');
    const missing = await platform.api('/api/data/v3/datasources/nope');
    expect(missing.status).toBe(404);
    expect(messageError.parse(await missing.json()).message).toMatch(/nope/);
  });
});

describe('rows preview', () => {
  it('reads the first rows with SELECT * FROM table, honouring LIMIT and OFFSET', async () => {
    const res = await preview(SALES_DATASET_ID, 'SELECT * FROM table LIMIT 5');
    expect(res.status).toBe(200);
    const first = queryResult.parse(await res.json());
    expect(first.columns).toEqual([
      'orderDate',
      'region',
      'product',
      'channel',
      'units',
      'revenue',
    ]);
    expect(first).toMatchObject({ numRows: 5, numColumns: 6 });
    expect(typeof first.rows[0]![4]).toBe('number');
    const next = queryResult.parse(
      await (await preview(SALES_DATASET_ID, 'select * from table limit 2 offset 4;')).json(),
    );
    expect(next.rows[0]).toEqual(first.rows[4]);
    const all = queryResult.parse(
      await (await preview(SALES_DATASET_ID, `SELECT * FROM "${SALES_DATASET_ID}"`)).json(),
    );
    expect(all.numRows).toBe(2000);
  });

  it('orders by one column, either way, pages without overlap', async () => {
    const read = async (sql: string) =>
      queryResult.parse(await (await preview(SALES_DATASET_ID, sql)).json());
    const all = await read('SELECT units FROM table');
    const units = all.rows.map((r) => r[0] as number);
    const sorted = [...units].sort((a, b) => b - a);
    const desc = await read('SELECT units FROM table ORDER BY units DESC LIMIT 100');
    expect(desc.rows.map((r) => r[0])).toEqual(sorted.slice(0, 100));
    const asc = await read('select units from table order by "units" asc limit 5 offset 10');
    expect(asc.rows.map((r) => r[0])).toEqual([...sorted].reverse().slice(10, 15));
    // Two pages of a sort with ties hold every row once.
    const page1 = await read('SELECT * FROM table ORDER BY region LIMIT 1000');
    const page2 = await read('SELECT * FROM table ORDER BY region LIMIT 1000 OFFSET 1000');
    const everyRow = await read('SELECT * FROM table');
    const bag = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(bag([...page1.rows, ...page2.rows])).toEqual(bag(everyRow.rows));
    const regions = page1.rows.map((r) => r[1] as string);
    expect(regions).toEqual([...regions].sort());
  });

  it('reads named columns, hidden ones included, and leaves hidden columns out of *', async () => {
    const star = queryResult.parse(
      await (await preview(WEB_TRAFFIC_DATASET_ID, 'SELECT * FROM table LIMIT 1')).json(),
    );
    expect(star.columns).not.toContain('visitorHash');
    const named = queryResult.parse(
      await (
        await preview(WEB_TRAFFIC_DATASET_ID, 'SELECT page, "visitorHash" FROM table LIMIT 3')
      ).json(),
    );
    expect(named.columns).toEqual(['page', 'visitorHash']);
    expect(named.rows).toHaveLength(3);
    expect(named.rows[0]![1]).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses anything else with 400 naming what is supported', async () => {
    const supported =
      /^sql: Only SELECT \* FROM table \[ORDER BY column \[ASC\|DESC\]\] \[LIMIT n\] \[OFFSET m\] is supported/;
    for (const sql of [
      'DELETE FROM table',
      'SELECT * FROM table WHERE units > 3',
      'SELECT count(*) FROM table',
      'SELECT * FROM table; DROP TABLE datasets',
      'SELECT * FROM table LIMIT -1',
    ])
      await expect400(await preview(SALES_DATASET_ID, sql), /^sql: /);
    await expect400(
      await preview(SALES_DATASET_ID, 'SELECT * FROM table ORDER BY units, revenue'),
      supported,
    );
    await expect400(
      await preview(SALES_DATASET_ID, 'SELECT * FROM table ORDER BY nothing'),
      /no column "nothing" to order by/,
    );
    await expect400(
      await preview(SALES_DATASET_ID, 'SELECT * FROM other'),
      /FROM must name "table"/,
    );
    await expect400(
      await preview(SALES_DATASET_ID, 'SELECT nothing FROM table'),
      /no column "nothing"/,
    );
    await expect400(
      await preview(SALES_DATASET_ID, 'SELECT * FROM table LIMIT 10001'),
      /LIMIT is at most 10000/,
    );
    await expect400(await preview(SALES_DATASET_ID, ''), /^sql: /);
    await expect400(await preview(SALES_DATASET_ID, 42), /^sql: /);
    expect((await preview('nope', 'SELECT * FROM table')).status).toBe(404);
  });
});

describe('indexed schema (4.8)', () => {
  const path = (id: string, q = '') => `/api/query/v1/datasources/${id}/schema/indexed${q}`;

  it('answers 2.5 with the developer token, hidden columns only with includeHidden=true', async () => {
    const shown = indexedSchema.parse(
      await (await platform.api(path(WEB_TRAFFIC_DATASET_ID, '?includeHidden=false'))).json(),
    );
    expect(shown).toMatchObject({ name: 'Web traffic', dataSourceId: WEB_TRAFFIC_DATASET_ID });
    expect(shown.tables[0]!.columns.map((c) => c.name)).toEqual([
      'day',
      'page',
      'visits',
      'bounceRate',
    ]);
    expect(shown.tables[0]!.columns[2]).toEqual({
      name: 'visits',
      id: 'c3',
      type: 'LONG',
      visible: true,
      order: 2,
    });
    const all = indexedSchema.parse(
      await (await platform.api(path(WEB_TRAFFIC_DATASET_ID, '?includeHidden=true'))).json(),
    );
    expect(all.tables[0]!.columns.at(-1)).toMatchObject({
      name: 'visitorHash',
      visible: false,
      order: 4,
    });
    const byDefault = indexedSchema.parse(
      await (await platform.api(path(WEB_TRAFFIC_DATASET_ID))).json(),
    );
    expect(byDefault.tables[0]!.columns).toHaveLength(4);
  });

  it('takes the configured session token, and refuses bad input', async () => {
    const res = await platform.api(path(SALES_DATASET_ID), {
      headers: { 'x-service-authentication': 'test-session-token' },
    });
    expect(res.status).toBe(200);
    await expect400(
      await platform.api(path(SALES_DATASET_ID, '?includeHidden=yes')),
      /^includeHidden: /,
    );
    expect((await platform.api(path('nope'))).status).toBe(404);
    expect((await platform.api(path(SALES_DATASET_ID), { headers: {} })).status).toBe(401);
  });
});

describe('partitions (4.10)', () => {
  const partitions = async (id: string) =>
    partition
      .array()
      .parse(await (await platform.api(`/api/query/v1/datasources/${id}/partition`)).json());

  it('lists partitions with row counts; deleting one removes its rows and drops the row count', async () => {
    const before = await partitions(SALES_DATASET_ID);
    expect(before.map((p) => p.partitionId)).toEqual(['2026-09-28', '2026-10-28', '2026-11-28']);
    expect(before.reduce((n, p) => n + p.rowCount, 0)).toBe(2000);
    const res = await platform.api(
      `/api/query/v1/datasources/${SALES_DATASET_ID}/partition/2026-10-28`,
      { method: 'DELETE' },
    );
    expect(res.status).toBe(200);
    expect(partitionDeleted.parse(await res.json())).toEqual({
      partitionId: '2026-10-28',
      deleted: true,
    });
    expect((await partitions(SALES_DATASET_ID)).map((p) => p.partitionId)).toEqual([
      '2026-09-28',
      '2026-11-28',
    ]);
    const after = dataset.parse(
      await (await platform.api(`/api/data/v3/datasources/${SALES_DATASET_ID}`)).json(),
    );
    expect(after.rowCount).toBe(2000 - before[1]!.rowCount);
    const rows = queryResult.parse(
      await (await preview(SALES_DATASET_ID, 'SELECT * FROM table')).json(),
    );
    expect(rows.numRows).toBe(after.rowCount);
  });

  it('answers an unknown partition or dataset with 404', async () => {
    const again = await platform.api(
      `/api/query/v1/datasources/${SALES_DATASET_ID}/partition/2026-10-28`,
      { method: 'DELETE' },
    );
    expect(again.status).toBe(404);
    expect(messageError.parse(await again.json()).message).toMatch(/2026-10-28/);
    expect((await platform.api('/api/query/v1/datasources/nope/partition')).status).toBe(404);
    expect(
      (await platform.api('/api/query/v1/datasources/nope/partition/x', { method: 'DELETE' }))
        .status,
    ).toBe(404);
    expect(await partitions(WEB_TRAFFIC_DATASET_ID)).toEqual([]);
  });
});
