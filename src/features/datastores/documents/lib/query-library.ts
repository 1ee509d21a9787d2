import { z } from 'zod';

/**
 * The last queries and the saved ones, per collection, in localStorage: queries are not
 * secrets, and they are worth keeping across visits.
 */
export const RECENT_LIMIT = 20;

const savedQuery = z.object({ name: z.string().min(1), filter: z.string() });
export type SavedQuery = z.infer<typeof savedQuery>;

const library = z.object({
  recent: z.array(z.string()).catch([]),
  saved: z.array(savedQuery).catch([]),
});
export type QueryLibrary = z.infer<typeof library>;

const EMPTY: QueryLibrary = { recent: [], saved: [] };

export const libraryStorageKey = (collectionId: string) =>
  `platform-console.documents.queries.${collectionId}`;

export function readLibrary(collectionId: string): QueryLibrary {
  try {
    const text = localStorage.getItem(libraryStorageKey(collectionId));
    if (!text) return EMPTY;
    const parsed = library.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function writeLibrary(collectionId: string, value: QueryLibrary) {
  try {
    localStorage.setItem(libraryStorageKey(collectionId), JSON.stringify(value));
  } catch {
    // Storage full or switched off: the library lives on for this visit only.
  }
}

/** Most recent first, each query once, at most RECENT_LIMIT. */
export const remember = (recent: string[], filter: string) =>
  [filter, ...recent.filter((f) => f !== filter)].slice(0, RECENT_LIMIT);

/** Saving under a name that exists replaces that query. */
export const save = (saved: SavedQuery[], query: SavedQuery) => [
  ...saved.filter((s) => s.name !== query.name),
  query,
];
