import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { stream } from '../contract/streams';
import { request } from '../http';
import { streamKeys } from './keys';

/** The streams that load a dataset: `GET /api/data/v1/streams?datasetId=` (embedded platform: choice). */
export const getDatasetStreams = (datasetId: string, signal?: AbortSignal) =>
  request({
    path: '/api/data/v1/streams',
    query: { datasetId },
    schema: z.array(stream),
    signal,
  });

export const datasetStreamsQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: streamKeys.ofDataset(datasetId),
    queryFn: ({ signal }) => getDatasetStreams(datasetId, signal),
  });

export const useDatasetStreams = (datasetId: string, { enabled = true } = {}) =>
  useQuery({ ...datasetStreamsQueryOptions(datasetId), enabled });
