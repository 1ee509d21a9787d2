import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryResult } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';
import type { RowsParams } from './params';

export type { RowsParams };

/**
 * The statement for one page of rows, ordered by one column or in load order. A column name is
 * quoted; one holding a double quote cannot be ordered by (the platform's form has no escape).
 */
export function rowsSql({ page, pageSize, sort }: RowsParams): string {
  const order =
    sort && !sort.column.includes('"')
      ? ` ORDER BY "${sort.column}" ${sort.direction === 'desc' ? 'DESC' : 'ASC'}`
      : '';
  return `SELECT * FROM table${order} LIMIT ${pageSize} OFFSET ${page * pageSize}`;
}

/** One page of a dataset's rows, through the rows endpoint (`POST /api/query/v1/execute/{id}`). */
export const getRows = (datasetId: string, params: RowsParams, signal?: AbortSignal) =>
  request({
    method: 'POST',
    path: path`/api/query/v1/execute/${datasetId}`,
    body: { sql: rowsSql(params) },
    schema: queryResult,
    signal,
  });

export const rowsQueryOptions = (datasetId: string, params: RowsParams) =>
  queryOptions({
    queryKey: datasetKeys.rows(datasetId, params),
    queryFn: ({ signal }) => getRows(datasetId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useDatasetRows = (datasetId: string, params: RowsParams) =>
  useQuery(rowsQueryOptions(datasetId, params));
