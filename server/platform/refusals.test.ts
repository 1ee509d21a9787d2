import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs } from './access/principal';
import { PlatformError } from './core/errors';
import { startTestPlatform, type TestPlatform } from './testing';
import { sampleUserIds, type RefusalTable } from './testing/refusals/table';

// Every operation of every service, called by a user who may not take it: the refusal it
// answers. An operation without a row here fails the first test, so none is added unguarded.

// Each area's rows are a file of testing/refusals/ (its default export); table.ts has none.
const tables = Object.values(
  import.meta.glob<RefusalTable<unknown> | undefined>('./testing/refusals/*.ts', {
    eager: true,
    import: 'default',
  }),
).flatMap((table) => (table ? [table] : []));

let platform: TestPlatform;
const fixtures = new Map<RefusalTable<unknown>, unknown>();

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const table of tables) fixtures.set(table, table.setup ? await table.setup(platform) : {});
}, 120_000);
afterAll(() => platform?.close());

/** The operations of a service: its own public methods (internals are `#private`). */
function operationsOf(services: object): string[] {
  return Object.entries(services).flatMap(([name, service]) =>
    Object.getOwnPropertyNames(Object.getPrototypeOf(service))
      .filter(
        (op) =>
          op !== 'constructor' && typeof (service as Record<string, unknown>)[op] === 'function',
      )
      .map((op) => `${name}.${op}`),
  );
}

const rows = tables.flatMap((table) => table.rows.map((row) => ({ table, row: row })));

describe('the refusal table', () => {
  it('has a row for every operation of every service, and none for an operation that is gone', () => {
    const operations = operationsOf(platform.services);
    const covered = new Set(rows.map(({ row }) => row.op));
    expect(operations.filter((op) => !covered.has(op))).toEqual([]);
    expect([...covered].filter((op) => !operations.includes(op))).toEqual([]);
  });

  it.each(rows.map(({ table, row }) => [row.op, row.as, table, row] as const))(
    '%s as %s',
    async (_op, _as, table, row) => {
      const actor = actingAs(sampleUserIds[row.as]);
      const call = row.call(platform.services, actor, fixtures.get(table));
      const refused = row.refused;
      if ('open' in refused) {
        await expect(call).resolves.not.toThrow();
        return;
      }
      if ('leavesOut' in refused) {
        expect(refused.leavesOut(await call, fixtures.get(table))).toBe(true);
        return;
      }
      const error = await call.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, 'the operation was allowed').toBeInstanceOf(PlatformError);
      expect((error as PlatformError).status).toBe(refused.status);
      expect((error as PlatformError).message).toMatch(refused.message);
    },
  );
});
