/**
 * A list's state in the address (architecture rule 5), declared once per screen: each search
 * param has a parser that never throws (a bad value reads as the default, alone), a writer that
 * leaves the default out of the URL, whether typing into it replaces the history entry, and
 * whether changing it returns to page 1. `useListParams` (src/hooks) reads and writes them.
 */
export interface Param<T> {
  read: (raw: string | null) => T;
  /** `null` leaves the key out of the URL: the default, or nothing chosen. */
  write: (value: T) => string | null;
  /** Typing replaces the history entry instead of pushing one (Back leaves the screen). */
  replace?: boolean;
  /** False for what is not a filter: the page itself, an open item, a view toggle. */
  resetsPage?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each param has its own type
export type ParamSpec = Record<string, Param<any>>;
export type ListState<S> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never };

/** The page is 0-based in the code and 1-based in the URL, where page 1 is absent. */
export const PAGE_KEY = 'page';

const text = (value: string | null | undefined) => (value ? value : null);

export const param = {
  /** A search text: trimmed, absent when empty, and typing replaces the history entry. */
  search: (): Param<string> => ({
    read: (raw) => (raw ?? '').trim(),
    write: (value) => text(value.trim()),
    replace: true,
  }),
  /** Free text as written (a filter expression, a connector key), absent when empty. */
  text: (): Param<string> => ({ read: (raw) => raw ?? '', write: text }),
  /** One of `values`; anything else reads as `fallback`, which the URL leaves out. */
  oneOf: <const T extends string>(values: readonly T[], fallback: T): Param<T> => ({
    read: (raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback),
    write: (value) => (value === fallback ? null : value),
  }),
  /** One of `values` or nothing chosen (`null`). */
  optional: <const T extends string>(values: readonly T[]): Param<T | null> => ({
    read: (raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : null),
    write: (value) => value,
  }),
  /** A number among `values` (page sizes); the fallback is left out of the URL. */
  size: <const T extends number>(values: readonly T[], fallback: T): Param<T> => ({
    read: (raw) => {
      const n = Number(raw);
      return raw !== null && (values as readonly number[]).includes(n) ? (n as T) : fallback;
    },
    write: (value) => (value === fallback ? null : String(value)),
  }),
  /** The 0-based page; `page=2` in the URL is the second page. */
  page: (max = Number.MAX_SAFE_INTEGER): Param<number> => ({
    read: (raw) => {
      const n = Number(raw ?? '1');
      return Number.isInteger(n) && n >= 1 && n <= max ? n - 1 : 0;
    },
    write: (value) => (value > 0 ? String(value + 1) : null),
    resetsPage: false,
  }),
  /** An open item (a document, a field): changing it keeps the page. */
  id: (): Param<string | null> => ({
    read: (raw) => raw || null,
    write: (value) => value,
    resetsPage: false,
  }),
  /** A view toggle (`?hidden=true`): absent when off; it keeps the page and the history entry. */
  flag: (): Param<boolean> => ({
    read: (raw) => raw === 'true',
    write: (value) => (value ? 'true' : null),
    replace: true,
    resetsPage: false,
  }),
  /** Anything else: its own reader and writer. */
  custom: <T>(spec: Param<T>): Param<T> => spec,
};

/** Every declared param, read from the URL. */
export function readParams<S extends ParamSpec>(spec: S, params: URLSearchParams): ListState<S> {
  const state: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(spec)) state[key] = p.read(params.get(key));
  return state as ListState<S>;
}

export interface WriteOptions {
  /** Replace the history entry; by default when every changed param says so (typing). */
  replace?: boolean;
  /** Return to page 1; by default when any changed param is a filter. */
  resetPage?: boolean;
}

/**
 * The URL after `changes`: a new URLSearchParams, with other keys (another list's, a tab's)
 * kept in place. Returns whether to replace the history entry too.
 */
export function writeParams<S extends ParamSpec>(
  spec: S,
  params: URLSearchParams,
  changes: Partial<ListState<S>>,
  options: WriteOptions = {},
) {
  const next = new URLSearchParams(params);
  const keys = Object.keys(changes).filter((key) => key in spec);
  for (const key of keys) {
    const written = (spec[key] as Param<unknown>).write((changes as Record<string, unknown>)[key]);
    if (written === null || written === '') next.delete(key);
    else next.set(key, written);
  }
  const resetPage = options.resetPage ?? keys.some((key) => spec[key]!.resetsPage !== false);
  if (resetPage && !keys.includes(PAGE_KEY)) next.delete(PAGE_KEY);
  const replace = options.replace ?? (keys.length > 0 && keys.every((key) => spec[key]!.replace));
  return { next, replace };
}
