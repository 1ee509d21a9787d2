import { describe, expect, it } from 'vitest';
import { oneAhead } from './run-export';

/** The export asks for the next batch before it writes the CSV of this one. */
describe('an export reads one batch ahead', () => {
  it('asks for the next item before handing on the current one, and no further', async () => {
    const events: string[] = [];
    async function* source() {
      for (let i = 1; i <= 3; i++) {
        events.push(`read ${i}`);
        await Promise.resolve();
        yield i;
      }
    }
    for await (const item of oneAhead(source())) events.push(`write ${item}`);
    expect(events).toEqual(['read 1', 'read 2', 'write 1', 'read 3', 'write 2', 'write 3']);
  });

  it('passes on a failure of the source', async () => {
    async function* source() {
      yield await Promise.resolve(1);
      throw new Error('The dataset changed during the export: export it again');
    }
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const item of oneAhead(source())) got.push(item);
      })(),
    ).rejects.toThrow(/changed during the export/);
    expect(got).toEqual([1]);
  });
});
