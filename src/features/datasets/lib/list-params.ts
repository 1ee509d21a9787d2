import type { DatasetPageParams, RowsParams } from '../../../api/datasets';
import { datasetSortFields } from '../../../api/contract';
import { param, type ListState } from '../../../lib/list-params';

export type DatasetSort = (typeof datasetSortFields)[number];

/** The datasets list in the URL: `q`, `sort`, `order`, `page` (1-based) and `pageSize`. */
export const datasetListSpec = {
  q: param.search(),
  sort: param.sortField(datasetSortFields, 'name'),
  order: param.direction('asc'),
  page: param.page(),
  pageSize: param.size([10, 25, 50, 100], 25),
};

/** Newest first is what a person wants when they first sort by a date or a count. */
export const firstOrder = (sort: DatasetSort) => (sort === 'name' ? 'asc' : 'desc');

/** The page of datasets the list asks for. */
export const datasetPageParams = (
  params: ListState<typeof datasetListSpec>,
): DatasetPageParams => ({
  page: params.page,
  pageSize: params.pageSize,
  nameLike: params.q || undefined,
  sort: params.sort,
  order: params.order,
});

/** A dataset's rows in the URL: `page` (1-based), `pageSize`, `sort` as `column:asc|desc`. */
export const rowsSpec = {
  page: param.page(1_000_000),
  pageSize: param.size([25, 50, 100], 50),
  sort: param.sort(),
};

/** The page of rows the Rows tab asks for. */
export const rowsParams = ({ page, pageSize, sort }: ListState<typeof rowsSpec>): RowsParams => ({
  page,
  pageSize,
  sort: sort ? { column: sort.field, direction: sort.direction } : undefined,
});

/** "Show hidden columns" lives in the URL (`?hidden=true`), like every other view setting. */
export const schemaViewSpec = { hidden: param.flag() };
