import { useState } from 'react';
import { checkFilter, sameFilter } from '../lib/filter-check';

/**
 * The filter being written, checked as it is typed. It starts as the applied filter (from the
 * address) and follows it when that changes from elsewhere: Back, a recent or saved query.
 */
export function useQueryDraft(applied: string, columns: readonly string[] = []) {
  const [draft, setDraft] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (applied !== seen) {
    setSeen(applied);
    if (!sameFilter(draft, applied)) setDraft(applied);
  }
  const check = checkFilter(draft, columns);
  return { draft, setDraft, check, changed: !sameFilter(draft, applied) };
}
