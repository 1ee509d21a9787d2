import type { Collection } from '../../../../api/contract';
import { useDocumentCount, useDocumentsPage } from '../../../../api/datastores';
import { isApiError } from '../../../../api/errors';
import { checkFilter } from '../lib/filter-check';
import { orderBy, sortableFields, type DocumentListState } from '../lib/list-params';

export type DocumentsView =
  | { kind: 'loading' }
  /** The filter in the address is not valid JSON: nothing is asked. */
  | { kind: 'bad-filter' }
  /** The platform answered 400 to the filter: its message goes next to the query bar. */
  | { kind: 'refused'; error: unknown }
  | { kind: 'error'; error: unknown }
  | { kind: 'empty' }
  | { kind: 'filtered-empty' }
  | { kind: 'rows' };

/** One page of the collection's documents, its total, and which state the list is in. */
export function useCollectionDocuments(collection: Collection, list: DocumentListState) {
  const check = checkFilter(
    list.filter,
    collection.schema.columns.map((column) => column.name),
  );
  const filter = check.kind === 'valid' ? check.filter : undefined;
  const filtered = filter !== undefined && Object.keys(filter).length > 0;
  const sort =
    list.sort && sortableFields(collection.schema.columns).has(list.sort.field) ? list.sort : null;
  const page = useDocumentsPage(collection.id, filter, {
    limit: list.pageSize,
    offset: list.page * list.pageSize,
    orderby: orderBy(sort),
  });
  const count = useDocumentCount(collection.id, filter);

  const view: DocumentsView =
    filter === undefined
      ? { kind: 'bad-filter' }
      : page.data
        ? page.data.length === 0 && list.page === 0 && !page.isPlaceholderData
          ? { kind: filtered ? 'filtered-empty' : 'empty' }
          : { kind: 'rows' }
        : page.isError
          ? isApiError(page.error) && page.error.status === 400
            ? { kind: 'refused', error: page.error }
            : { kind: 'error', error: page.error }
          : { kind: 'loading' };

  return {
    view,
    rows: page.data ?? [],
    /** The filter's count; undefined until it arrives (and when it cannot be had). */
    total: count.isPlaceholderData ? undefined : count.data,
    /** For the pager: the previous filter's count stands in while the new one loads. */
    rowCount: count.data,
    fetching: page.isFetching,
    filtered,
    sort,
    orderby: orderBy(sort),
    filter,
    refetch: () => Promise.all([page.refetch(), count.refetch()]),
  };
}
