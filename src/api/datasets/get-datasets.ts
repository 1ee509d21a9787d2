import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataset } from '../contract/datasets';
import { request } from '../http';
import { datasetKeys } from './keys';
import type { DatasetPageParams } from './params';

export type { DatasetPageParams };

/**
 * gaps.md: `GET /api/data/v3/datasources?limit&offset&nameLike&sort&order` answers a bare array.
 * One row more than the page is asked for: its presence says whether a next page exists.
 */
export const getDatasetPage = async (
  { page, pageSize, nameLike, sort, order }: DatasetPageParams,
  signal?: AbortSignal,
) => {
  const rows = await request({
    path: '/api/data/v3/datasources',
    query: { limit: pageSize + 1, offset: page * pageSize, nameLike, sort, order },
    schema: z.array(dataset),
    signal,
  });
  return { datasets: rows.slice(0, pageSize), hasNextPage: rows.length > pageSize };
};

export const datasetPageQueryOptions = (params: DatasetPageParams) =>
  queryOptions({
    queryKey: datasetKeys.list(params),
    queryFn: ({ signal }) => getDatasetPage(params, signal),
    // The table stays while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export const useDatasetPage = (params: DatasetPageParams) =>
  useQuery(datasetPageQueryOptions(params));
