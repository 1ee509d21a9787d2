import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataset } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

/** gaps.md: `GET /api/data/v3/datasources/{id}`. */
export const getDataset = (datasetId: string, signal?: AbortSignal) =>
  request({ path: path`/api/data/v3/datasources/${datasetId}`, schema: dataset, signal });

export const datasetQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: datasetKeys.detail(datasetId),
    queryFn: ({ signal }) => getDataset(datasetId, signal),
  });

export const useDataset = (datasetId: string) => useQuery(datasetQueryOptions(datasetId));
