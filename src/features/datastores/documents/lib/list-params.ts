import type { CollectionColumn } from '../../../../api/contract';

/**
 * The documents list in the address (architecture rule 5): page, page size, sort, filter, and
 * the open document. Changing the filter, the sort or the page size returns to the first page.
 */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export type SortDirection = 'asc' | 'desc';
export interface DocumentSort {
  /** A field of the query language: `content.<column>`, id, owner, createdOn or updatedOn. */
  field: string;
  direction: SortDirection;
}

export interface DocumentListState {
  /** 0-based; the address says `page=2` for the second page. */
  page: number;
  pageSize: PageSize;
  sort: DocumentSort | null;
  /** The filter as written in the address; '' matches every document. */
  filter: string;
  documentId: string | null;
}

const PARAM = { page: 'page', size: 'size', sort: 'sort', filter: 'filter', doc: 'doc' } as const;

const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n);

function readSort(text: string | null): DocumentSort | null {
  if (!text) return null;
  const at = text.lastIndexOf(':');
  const field = at > 0 ? text.slice(0, at) : text;
  const direction = at > 0 ? text.slice(at + 1) : 'asc';
  if (direction !== 'asc' && direction !== 'desc') return null;
  return { field, direction };
}

export function readListState(params: URLSearchParams): DocumentListState {
  const page = Number(params.get(PARAM.page) ?? '1');
  const size = Number(params.get(PARAM.size) ?? DEFAULT_PAGE_SIZE);
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    sort: readSort(params.get(PARAM.sort)),
    filter: params.get(PARAM.filter) ?? '',
    documentId: params.get(PARAM.doc) || null,
  };
}

type Change = (params: URLSearchParams) => void;

const set =
  (key: string, value: string | null | undefined): Change =>
  (params) => {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, value);
  };

const firstPage: Change = set(PARAM.page, null);

export const listChanges = {
  page: (page: number): Change => set(PARAM.page, page > 0 ? String(page + 1) : null),
  pageSize:
    (size: PageSize): Change =>
    (params) => {
      set(PARAM.size, size === DEFAULT_PAGE_SIZE ? null : String(size))(params);
      firstPage(params);
    },
  sort:
    (sort: DocumentSort | null): Change =>
    (params) => {
      set(PARAM.sort, sort && `${sort.field}:${sort.direction}`)(params);
      firstPage(params);
    },
  filter:
    (filter: string): Change =>
    (params) => {
      set(PARAM.filter, filter)(params);
      firstPage(params);
    },
  document: (documentId: string | null): Change => set(PARAM.doc, documentId),
};

/** A new URLSearchParams with the changes applied, in order. */
export function applyChanges(params: URLSearchParams, ...changes: Change[]) {
  const next = new URLSearchParams(params);
  for (const change of changes) change(next);
  return next;
}

/** `field ascending|descending`, the query endpoint's `orderby` (gaps.md). */
export const orderBy = (sort: DocumentSort | null) =>
  sort ? `${sort.field} ${sort.direction === 'desc' ? 'descending' : 'ascending'}` : undefined;

/** The fields a list may be sorted by: the document's own, and each schema column's. */
export const sortableFields = (columns: CollectionColumn[]) =>
  new Set(['id', 'owner', 'createdOn', 'updatedOn', ...columns.map((c) => `content.${c.name}`)]);
