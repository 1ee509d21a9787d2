import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { partition } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

/** gaps.md: `GET /api/query/v1/datasources/{id}/partition`. */
export const getPartitions = (datasetId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/query/v1/datasources/${datasetId}/partition`,
    schema: z.array(partition),
    signal,
  });

export const partitionsQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: datasetKeys.partitions(datasetId),
    queryFn: ({ signal }) => getPartitions(datasetId, signal),
  });

export const usePartitions = (datasetId: string) => useQuery(partitionsQueryOptions(datasetId));
