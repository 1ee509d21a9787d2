import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calculatedField,
  calculatedFieldSearchResult,
  calculatedFieldStatistics,
  messageError,
} from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';
import { checkSumOf } from './expression';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 240_000); // seeding the whole sample platform is slow on a busy machine
afterAll(() => platform.close());

const base = '/api/query/v1/functions';
const search = (json: unknown) => platform.api(`${base}/search`, { method: 'POST', json });
const put = (id: number | string, json: unknown) =>
  platform.api(`${base}/template/${id}`, { method: 'PUT', json });
const expectError = async (res: Response, status: number, text: RegExp) => {
  expect(res.status).toBe(status);
  expect(messageError.parse(await res.json()).message).toMatch(text);
};

describe('calculated fields (2.3, 4.4, gaps.md)', () => {
  it('searches by name with totalHits and hasMore, and pages by offset', async () => {
    const all = calculatedFieldSearchResult.parse(
      await (await search({ limit: 5000, offset: 0 })).json(),
    );
    expect(all.totalHits).toBeGreaterThan(10);
    expect(all.results).toHaveLength(all.totalHits);
    expect(all.hasMore).toBe(false);
    const names = all.results.map((f) => f.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const page = calculatedFieldSearchResult.parse(
      await (await search({ limit: 3, offset: 2 })).json(),
    );
    expect(page.results.map((f) => f.id)).toEqual(all.results.slice(2, 5).map((f) => f.id));
    expect(page.hasMore).toBe(true);

    const named = calculatedFieldSearchResult.parse(
      await (await search({ name: 'stock', limit: 100, offset: 0 })).json(),
    );
    expect(named.totalHits).toBeGreaterThan(0);
    for (const f of named.results) expect(f.name.toLowerCase()).toContain('stock');
  });

  it('filters by locked, status and data type, and sorts', async () => {
    const locked = calculatedFieldSearchResult.parse(
      await (
        await search({
          filters: [{ field: 'locked', value: true }],
          sort: { field: 'lastModified', ascending: false },
          limit: 5000,
          offset: 0,
        })
      ).json(),
    );
    expect(locked.totalHits).toBeGreaterThan(0);
    expect(locked.results.every((f) => f.locked)).toBe(true);
    const times = locked.results.map((f) => f.lastModified);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const invalid = calculatedFieldSearchResult.parse(
      await (
        await search({
          filters: [
            { field: 'status', value: 'INVALID' },
            { field: 'dataType', value: 'STRING' },
          ],
          limit: 100,
          offset: 0,
        })
      ).json(),
    );
    for (const f of invalid.results) expect([f.status, f.dataType]).toEqual(['INVALID', 'STRING']);

    const stats = calculatedFieldStatistics.parse(
      await (await platform.api(`${base}/statistics`)).json(),
    );
    expect(stats.locked).toBe(locked.totalHits);
    expect(stats.total).toBeGreaterThanOrEqual(stats.locked + 1);
  });

  it('answers bad searches with 400 and a message', async () => {
    await expectError(await search({ limit: 0, offset: 0 }), 400, /limit/);
    await expectError(await search({ limit: 5001, offset: 0 }), 400, /limit/);
    await expectError(await search({ limit: 10 }), 400, /offset/);
    await expectError(
      await search({ limit: 10, offset: 0, filters: [{ field: 'password', value: 1 }] }),
      400,
      /filters/,
    );
    await expectError(
      await search({ limit: 10, offset: 0, filters: [{ field: 'locked', value: 'yes' }] }),
      400,
      /boolean/,
    );
    await expectError(
      await search({ limit: 10, offset: 0, sort: { field: 'expression;drop', ascending: true } }),
      400,
      /sort/,
    );
  });

  it('locks and unlocks (4.4), moving lastModified; a locked field refuses edits with 409', async () => {
    const { results } = calculatedFieldSearchResult.parse(
      await (
        await search({ filters: [{ field: 'locked', value: false }], limit: 1, offset: 0 })
      ).json(),
    );
    const before = results[0]!;
    const lockedRes = await put(before.id, { locked: true });
    expect(lockedRes.status).toBe(200);
    const locked = calculatedField.parse(await lockedRes.json());
    expect(locked.locked).toBe(true);
    expect(locked.lastModified).toBeGreaterThan(before.lastModified);

    await expectError(await put(before.id, { expression: 'SUM(`units`)' }), 409, /locked/);
    const unchanged = calculatedField.parse(
      await (await platform.api(`${base}/template/${before.id}`)).json(),
    );
    expect(unchanged.expression).toBe(before.expression);
    expect(unchanged.locked).toBe(true);

    const unlocked = calculatedField.parse(await (await put(before.id, { locked: false })).json());
    expect(unlocked.locked).toBe(false);
    expect(unlocked.lastModified).toBeGreaterThan(locked.lastModified);
  });

  it('edits an expression: functions from the tokens, checkSum of the text, status from the columns', async () => {
    const { results } = calculatedFieldSearchResult.parse(
      await (
        await search({ filters: [{ field: 'locked', value: false }], limit: 1, offset: 0 })
      ).json(),
    );
    const field = results[0]!;
    const source = field.links.find((l) => l.resource.type === 'DATA_SOURCE')!;
    expect(source).toBeDefined();
    const expression = "CASE WHEN SUM(`no_such_column`) > 0 THEN 'SUM(x)' ELSE ROUND(1.5, 0) END";
    const edited = calculatedField.parse(await (await put(field.id, { expression })).json());
    expect(edited.expression).toBe(expression);
    expect(edited.functions).toEqual(['CASE', 'SUM', 'ROUND']);
    expect(edited.checkSum).toBe(checkSumOf(expression));
    expect(edited.columnPositions).toEqual([{ columnName: 'no_such_column', columnPosition: 14 }]);
    expect(edited.aggregated).toBe(true);
    expect(edited.lastModified).toBeGreaterThan(field.lastModified);
    const fetched = calculatedField.parse(
      await (await platform.api(`${base}/template/${field.id}`)).json(),
    );
    expect(fetched).toEqual(edited);
  });

  it('answers unknown ids with 404 and bad bodies with 400', async () => {
    await expectError(await platform.api(`${base}/template/999999`), 404, /999999/);
    await expectError(await platform.api(`${base}/template/abc`), 404, /abc/);
    await expectError(await put(999999, { locked: true }), 404, /999999/);
    await expectError(await put(999999, { locked: 'yes' }), 404, /999999/); // 404 before 400
    await expectError(await put(1, { locked: 'yes' }), 400, /locked/);
    await expectError(await put(1, { locked: true, expression: 'x' }), 400, /locked/);
    await expectError(await put(1, { expression: '   ' }), 400, /expression/);
    const unreadable = (id: number) =>
      platform.api(`${base}/template/${id}`, {
        method: 'PUT',
        body: '{',
        headers: {
          'content-type': 'application/json',
          'X-SERVICE-Developer-Token': platform.tokens.developer,
        },
      });
    await expectError(await unreadable(1), 400, /JSON/);
    await expectError(await unreadable(999999), 404, /999999/); // 404 before 400
  });
});
