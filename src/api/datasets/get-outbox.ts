import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { outboxMessage } from '../contract/datasets';
import { request } from '../http';
import { datasetKeys } from './keys';

/** The notifications `sendEmail` wrote for a dataset, newest first (no mail server: an outbox). */
export const getOutbox = (datasetId: string, signal?: AbortSignal) =>
  request({
    path: '/api/data/v3/outbox',
    query: { datasetId },
    schema: z.array(outboxMessage),
    signal,
  });

export const outboxQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: datasetKeys.outbox(datasetId),
    queryFn: ({ signal }) => getOutbox(datasetId, signal),
  });

export const useOutbox = (datasetId: string) => useQuery(outboxQueryOptions(datasetId));
