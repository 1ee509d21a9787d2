import { describe, expect, it } from 'vitest';
import { bundleRows, FIRST_PAGE_BUDGET_KB } from './bundle-size';

/**
 * The first page's budget is a rule, not a figure to remember: a production build whose first
 * page (the entry, the datastore list's chunk and the schema chunks its first requests load)
 * is over the budget fails `npm test`. `npm run bench` prints the same rows with every chunk.
 */
describe('the console bundle', () => {
  it(`loads at most ${FIRST_PAGE_BUDGET_KB} kB gz of JS for the first page`, async () => {
    const rows = await bundleRows();
    const firstPage = rows.find((row) => row.metric.startsWith('first page'));
    expect(firstPage, 'the first-page row').toBeDefined();
    expect(firstPage!.failure, `${firstPage!.value} (${firstPage!.note})`).toBeUndefined();
  }, 300_000);
});
