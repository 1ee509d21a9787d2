import type { Decision } from './principal';

/**
 * What a stream may read: its source, as the user who runs it (who creates it, who starts a run,
 * the owner for a scheduled run), decided by the area that holds the source. A `document-store`
 * stream needs the read of its collection's documents (collections.ts: `readContent`); a
 * `data-file` stream needs the read of its data file (data-files.ts: `read`). A source that is
 * missing or that the user may not see is `unknown`, as an unknown id; a refused one names what
 * is needed.
 */
export const sourceOperation = {
  'document-store': 'readContent',
  'data-file': 'read',
} as const;

/** Who may read a data file (data-files.ts), in the words of a run that may not. */
export const DATA_FILE_READERS = 'its responsible user or the Admin role';

export type SourceAccess<T> =
  | { state: 'allowed'; source: T }
  | { state: 'unknown' }
  | { state: 'refused'; source: T; needed: string };

/**
 * The stream's access to `source` (undefined: there is none) from the holding area's decision;
 * `needed` names what a refusal lacks when the decision does not.
 */
export function decideSource<T>(
  source: T | undefined,
  decision: Decision,
  needed: string,
): SourceAccess<T> {
  if (source === undefined) return { state: 'unknown' };
  if (decision.allowed) return { state: 'allowed', source };
  if (decision.status === 404) return { state: 'unknown' };
  return { state: 'refused', source, needed: decision.needed ?? needed };
}
