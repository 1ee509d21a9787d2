import { useMemo, useState } from 'react';
import type { CollectionColumn } from '../../../../api/contract';
import { checkContent } from '../lib/content-check';

/** A document's content being written: invalid JSON blocks saving, a misfit only warns. */
export function useContentDraft(initial: string, columns: CollectionColumn[]) {
  const [text, setText] = useState(initial);
  const check = useMemo(() => checkContent(text, columns), [text, columns]);
  return { text, setText, check };
}
