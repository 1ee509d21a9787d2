import { useState } from 'react';

/**
 * The rows ticked on the page on screen. A new page, sort or filter starts with none ticked,
 * so that "Delete selected" never reaches rows out of sight.
 */
export function useDocumentSelection(listKey: string, visibleIds: string[]) {
  const [state, setState] = useState<{ key: string; ids: string[] }>({ key: listKey, ids: [] });
  const visible = new Set(visibleIds);
  const ids = state.key === listKey ? state.ids.filter((id) => visible.has(id)) : [];
  return {
    ids,
    select: (next: string[]) => setState({ key: listKey, ids: next }),
    clear: () => setState({ key: listKey, ids: [] }),
  };
}
