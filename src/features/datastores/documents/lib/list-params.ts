import type { CollectionColumn } from '../../../../api/contract';
import {
  param,
  readParams,
  writeParams,
  type ListSort,
  type ListState,
} from '../../../../lib/list-params';

/**
 * The documents list in the address (architecture.md, rule g): page, page size, sort, filter, and
 * the open document. Changing the filter, the sort or the page size returns to the first page.
 */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** A field of the query language (`content.<column>`, id, owner, createdOn or updatedOn) and its direction. */
export type DocumentSort = ListSort;

export interface DocumentListState {
  /** 0-based; the address says `page=2` for the second page. */
  page: number;
  pageSize: PageSize;
  sort: DocumentSort | null;
  /** The filter as written in the address; '' matches every document. */
  filter: string;
  documentId: string | null;
}

/** The list's params in the URL: `page`, `size`, `sort`, `filter` and the open `doc`. */
export const documentListSpec = {
  page: param.page(),
  size: param.size(PAGE_SIZES, DEFAULT_PAGE_SIZE),
  sort: param.sort(),
  filter: param.text(),
  doc: param.id(),
};

type Changes = Partial<ListState<typeof documentListSpec>>;

/** The params under the names the screen uses. */
export function toListState(params: ListState<typeof documentListSpec>): DocumentListState {
  const { page, size, sort, filter, doc } = params;
  return { page, pageSize: size, sort, filter, documentId: doc };
}

export const readListState = (params: URLSearchParams) =>
  toListState(readParams(documentListSpec, params));

export const listChanges = {
  page: (page: number): Changes => ({ page }),
  pageSize: (size: PageSize): Changes => ({ size }),
  sort: (sort: DocumentSort | null): Changes => ({ sort }),
  filter: (filter: string): Changes => ({ filter }),
  document: (documentId: string | null): Changes => ({ doc: documentId }),
};

/** A new URLSearchParams with the changes applied, in order. */
export function applyChanges(params: URLSearchParams, ...changes: Changes[]) {
  return changes.reduce(
    (next, change) => writeParams(documentListSpec, next, change).next,
    new URLSearchParams(params),
  );
}

/** `field ascending|descending`, the query endpoint's `orderby` (gaps.md). */
export const orderBy = (sort: DocumentSort | null) =>
  sort ? `${sort.field} ${sort.direction === 'desc' ? 'descending' : 'ascending'}` : undefined;

/** The fields a list may be sorted by: the document's own, and each schema column's. */
export const sortableFields = (columns: CollectionColumn[]) =>
  new Set(['id', 'owner', 'createdOn', 'updatedOn', ...columns.map((c) => `content.${c.name}`)]);
