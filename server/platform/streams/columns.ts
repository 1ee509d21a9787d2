import type { DatasetColumn } from '../datasets/store';
import type { SourceTable } from './table';
import { SourceError } from './table';

const numeric = new Set(['LONG', 'DOUBLE', 'DECIMAL']);

/** The narrowest type holding both: LONG and DOUBLE make DOUBLE, DATE and DATETIME make DATETIME. */
function widen(a: string, b: string) {
  if (a === b) return a;
  if (numeric.has(a) && numeric.has(b))
    return a === 'DECIMAL' || b === 'DECIMAL' ? 'DECIMAL' : 'DOUBLE';
  if ((a === 'DATE' && b === 'DATETIME') || (a === 'DATETIME' && b === 'DATE')) return 'DATETIME';
  return 'STRING';
}

/**
 * The dataset's columns after a run. A column keeps its id and visibility when a column of the
 * same name existed. APPEND onto rows needs the same column names in the same order.
 */
export function columnsAfterRun(
  existing: DatasetColumn[],
  hasRows: boolean,
  source: SourceTable['columns'],
  method: 'APPEND' | 'REPLACE',
): DatasetColumn[] {
  if (method === 'APPEND' && hasRows) {
    const before = existing.map((c) => c.name).join(', ');
    const now = source.map((c) => c.name).join(', ');
    if (before !== now)
      throw new SourceError(
        `APPEND needs the dataset's columns (${before}); the source has (${now})`,
      );
    return existing.map((c, i) => ({ ...c, type: widen(c.type, source[i]!.type) }));
  }
  const kept = new Map(existing.map((c) => [c.name, c]));
  const taken = new Set(source.flatMap((c) => (kept.has(c.name) ? [kept.get(c.name)!.id] : [])));
  let n = 0;
  const freshId = () => {
    do n++;
    while (taken.has(`c${n}`));
    return `c${n}`;
  };
  return source.map((c) => {
    const same = kept.get(c.name);
    return {
      id: same?.id ?? freshId(),
      name: c.name,
      type: c.type,
      visible: same?.visible ?? true,
    };
  });
}
