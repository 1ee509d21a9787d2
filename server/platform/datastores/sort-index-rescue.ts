import type { Db } from '../store';
import type { SortIndexesAndStatistics } from './sort-indexes-and-statistics';

/** How many sort indexes one write may find in its way (a document may have several long values). */
const MAX_RESCUES = 8;

/** The sort index a write could not enter because a value is too large for a B-tree entry. */
export function oversizedSortIndex(error: unknown): string | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== '54000' || typeof message !== 'string') return undefined;
  return /index "(documents_sort_[0-9a-f]+)"/.exec(message)?.[1];
}

/**
 * Sort indexes are an optimisation the platform makes on its own (sort-indexes-and-statistics.ts); they must never
 * refuse a document. A value too large for a B-tree entry (about 2.7 kB) cannot enter one: the
 * write then drops that index, which is not made again for that field while such a value exists,
 * and runs once more. Queries stay correct, only slower on that field.
 */
export function withSortIndexRescue(db: Db, indexes: SortIndexesAndStatistics): Db {
  const rescued = async <T>(run: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const index = oversizedSortIndex(error);
        if (!index || attempt >= MAX_RESCUES) throw error;
        await indexes.dropOversizedIndex(index);
      }
    }
  };
  return {
    ...db,
    query: (sql, params) => rescued(() => db.query(sql, params)),
    transaction: (fn) => rescued(() => db.transaction(fn)),
    batch: (statements) => rescued(() => db.batch(statements)),
  };
}
