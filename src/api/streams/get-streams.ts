import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { stream } from '../contract/streams';
import { request } from '../http';
import { streamKeys } from './keys';

/** The most the embedded platform lists at once; the Streams screen filters them in the browser. */
export const STREAM_LIST_LIMIT = 500;

/** gaps.md: `GET /api/data/v1/streams?limit`; each stream carries `lastExecution` and `nextRunAt`. */
export const getStreams = (signal?: AbortSignal) =>
  request({
    path: '/api/data/v1/streams',
    query: { limit: STREAM_LIST_LIMIT },
    schema: z.array(stream),
    signal,
  });

export const streamsQueryOptions = () =>
  queryOptions({
    queryKey: streamKeys.list(),
    queryFn: ({ signal }) => getStreams(signal),
  });

export const useStreams = () => useQuery(streamsQueryOptions());
