import { useCallback, useState } from 'react';
import { readLibrary, remember, save, writeLibrary, type QueryLibrary } from '../lib/query-library';

/** The collection's recent and saved queries, kept in localStorage. */
export function useQueryLibrary(collectionId: string) {
  const [state, setState] = useState(() => ({
    collectionId,
    library: readLibrary(collectionId),
  }));
  // Another collection: read its own library (state adjusted while rendering, not in an effect).
  let current = state;
  if (state.collectionId !== collectionId) {
    current = { collectionId, library: readLibrary(collectionId) };
    setState(current);
  }

  const update = useCallback(
    (change: (library: QueryLibrary) => QueryLibrary) =>
      setState((prev) => {
        const library = change(prev.library);
        writeLibrary(prev.collectionId, library);
        return { ...prev, library };
      }),
    [],
  );

  return {
    recent: current.library.recent,
    saved: current.library.saved,
    addRecent: useCallback(
      (filter: string) => {
        if (filter !== '') update((l) => ({ ...l, recent: remember(l.recent, filter) }));
      },
      [update],
    ),
    saveQuery: useCallback(
      (name: string, filter: string) =>
        update((l) => ({ ...l, saved: save(l.saved, { name, filter }) })),
      [update],
    ),
    removeSaved: useCallback(
      (name: string) => update((l) => ({ ...l, saved: l.saved.filter((s) => s.name !== name) })),
      [update],
    ),
  };
}

export type QueryLibraryApi = ReturnType<typeof useQueryLibrary>;
