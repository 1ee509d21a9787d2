/**
 * A list's state in the address (architecture.md, rule g), declared once per screen: each search
 * param has a parser that never throws (a bad value reads as the default, alone), a writer that
 * leaves the default out of the URL, whether typing into it replaces the history entry, and
 * whether changing it returns to page 1. `useListController` (src/hooks) reads and writes them.
 */
export interface Param<T> {
  read: (raw: string | null) => T;
  /** `null` leaves the key out of the URL: the default, or nothing chosen. */
  write: (value: T) => string | null;
  /** Typing replaces the history entry instead of pushing one (Back leaves the screen). */
  replace?: boolean;
  /** False for what is not a filter: the page itself, an open item, a view toggle. */
  resetsPage?: boolean;
  /** What the list controller drives its table or grid with: see `listRoles`. */
  role?: 'sort' | 'sortField' | 'direction' | 'pageSize';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each param has its own type
export type ParamSpec = Record<string, Param<any>>;
export type ListState<S> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never };

export type SortDirection = 'asc' | 'desc';
/** A list's order: the field it sorts by and which way. */
export interface ListSort<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** A sort in one key, `field:asc|desc`; absent (null) when the list keeps its own order. */
export interface SortParam<F extends string> extends Param<ListSort<F> | null> {
  role: 'sort';
}
/** The sort field of a sort kept in two keys (with a `DirectionParam`), never absent. */
export interface SortFieldParam<F extends string> extends Param<F> {
  role: 'sortField';
}
export interface DirectionParam extends Param<SortDirection> {
  role: 'direction';
}
export interface PageSizeParam<P extends number> extends Param<P> {
  role: 'pageSize';
  /** The sizes offered. */
  sizes: readonly P[];
}

/** The fields a spec's sort may name. */
export type SortFieldOf<S> = {
  [K in keyof S]: S[K] extends SortParam<infer F>
    ? F
    : S[K] extends SortFieldParam<infer F>
      ? F
      : never;
}[keyof S];

/** The page is 0-based in the code and 1-based in the URL, where page 1 is absent. */
export const PAGE_KEY = 'page';

const text = (value: string | null | undefined) => (value ? value : null);

const directions = ['asc', 'desc'] as const;
const isDirection = (value: string): value is SortDirection =>
  (directions as readonly string[]).includes(value);

function oneOf<const T extends string>(values: readonly T[], fallback: T): Param<T> {
  return {
    read: (raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback),
    write: (value) => (value === fallback ? null : value),
  };
}

/** The largest integer id the platform reads (a 32-bit integer). */
const MAX_INT_ID = 2_147_483_647;

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
  oneOf,
  /** One of `values` or nothing chosen (`null`). */
  optional: <const T extends string>(values: readonly T[]): Param<T | null> => ({
    read: (raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : null),
    write: (value) => value,
  }),
  /** The page size, one of `sizes`; the fallback is left out of the URL. */
  size: <const P extends number>(sizes: readonly P[], fallback: P): PageSizeParam<P> => ({
    read: (raw) => {
      const n = Number(raw);
      return raw !== null && (sizes as readonly number[]).includes(n) ? (n as P) : fallback;
    },
    write: (value) => (value === fallback ? null : String(value)),
    role: 'pageSize',
    sizes,
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
  /**
   * A sort in one key, `field:asc` or `field:desc` (a field alone ascends; the field is what
   * precedes the last colon); a field not among `fields` (any field when not given) reads as
   * none.
   */
  sort: <const F extends string = string>(fields?: readonly F[]): SortParam<F> => ({
    read: (raw) => {
      if (!raw) return null;
      const at = raw.lastIndexOf(':');
      const field = at > 0 ? raw.slice(0, at) : raw;
      const direction = at > 0 ? raw.slice(at + 1) : 'asc';
      if (!isDirection(direction)) return null;
      if (fields && !(fields as readonly string[]).includes(field)) return null;
      return { field: field as F, direction };
    },
    write: (sort) => (sort ? `${sort.field}:${sort.direction}` : null),
    role: 'sort',
  }),
  /** The field of a sort kept in two keys, with `param.direction` (`sort=size&order=desc`). */
  sortField: <const F extends string>(fields: readonly F[], fallback: F): SortFieldParam<F> => ({
    ...oneOf(fields, fallback),
    role: 'sortField',
  }),
  /** The direction of a sort kept in two keys. */
  direction: (fallback: SortDirection): DirectionParam => ({
    ...oneOf(directions, fallback),
    role: 'direction',
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
  /**
   * A chosen row's integer id (a user, a field): 1 up to a 32-bit integer, the ids the platform
   * reads; anything else is nothing chosen (`null`).
   */
  intId: ({ resetsPage = true } = {}): Param<number | null> => ({
    read: (raw) => {
      const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
      return id >= 1 && id <= MAX_INT_ID ? id : null;
    },
    write: (id) => (id === null ? null : String(id)),
    resetsPage,
  }),
  /** Anything else: its own reader and writer. */
  custom: <T>(spec: Param<T>): Param<T> => spec,
};

/**
 * Where a spec keeps what a table or a grid shows, its sort and its page size, read from a state
 * and written as changes. The page is the `page` param.
 */
export interface ListRoles<F extends string> {
  /** The sort in `state`; null when the list keeps its own order (or sorts by nothing). */
  sortOf: (state: object) => ListSort<F> | null;
  /** The changes that write `sort`; null writes the list's own order. */
  sortChanges: (sort: ListSort<F> | null) => Record<string, unknown>;
  /** A grid's column as a sort field, when the spec's sort reads it as one. */
  sortFieldOf: (column: string) => F | undefined;
  /** The page sizes offered; none when the screen's page size is a constant. */
  sizes: readonly number[] | undefined;
  pageSizeOf: (state: object) => number | undefined;
  /** The changes that write a page size; one not offered writes the default. */
  pageSizeChanges: (size: number) => Record<string, unknown>;
}

export function listRoles<S extends ParamSpec>(spec: S): ListRoles<SortFieldOf<S>> {
  type F = SortFieldOf<S>;
  const params: Record<string, Param<unknown>> = spec;
  const keyOf = (role: Param<unknown>['role']) =>
    Object.keys(params).find((key) => params[key]!.role === role);
  const sortKey = keyOf('sort');
  const fieldKey = keyOf('sortField');
  const directionKey = keyOf('direction');
  const sizeKey = keyOf('pageSize');
  const sizeParam = sizeKey === undefined ? undefined : (params[sizeKey] as PageSizeParam<number>);
  const valueOf = (state: object, key: string) => (state as Record<string, unknown>)[key];

  const sortOf = (state: object): ListSort<F> | null => {
    if (sortKey) return valueOf(state, sortKey) as ListSort<F> | null;
    if (!fieldKey || !directionKey) return null;
    return {
      field: valueOf(state, fieldKey) as F,
      direction: valueOf(state, directionKey) as SortDirection,
    };
  };
  const sortChanges = (sort: ListSort<F> | null): Record<string, unknown> => {
    if (sortKey) return { [sortKey]: sort };
    if (!fieldKey || !directionKey) throw new Error('The list declares no sort');
    // Its own order is the defaults, which leave the URL.
    return {
      [fieldKey]: sort ? sort.field : params[fieldKey]!.read(null),
      [directionKey]: sort ? sort.direction : params[directionKey]!.read(null),
    };
  };
  const sortFieldOf = (column: string): F | undefined => {
    if (!column) return undefined;
    const read = sortKey
      ? (params[sortKey]!.read(column) as ListSort | null)?.field
      : fieldKey && params[fieldKey]!.read(column);
    return read === column ? (column as F) : undefined;
  };
  return {
    sortOf,
    sortChanges,
    sortFieldOf,
    sizes: sizeParam?.sizes,
    pageSizeOf: (state) => (sizeKey ? (valueOf(state, sizeKey) as number) : undefined),
    pageSizeChanges: (size) => {
      if (!sizeKey || !sizeParam) throw new Error('The list declares no page size');
      return { [sizeKey]: sizeParam.read(String(size)) };
    },
  };
}

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
