import { queryOptions, useQuery } from '@tanstack/react-query';
import { stream } from '../contract/streams';
import { path, request } from '../http';
import { streamKeys } from './keys';

/** gaps.md: `GET /api/data/v1/streams/{id}`. */
export const getStream = (streamId: string, signal?: AbortSignal) =>
  request({ path: path`/api/data/v1/streams/${streamId}`, schema: stream, signal });

export const streamQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: streamKeys.detail(streamId),
    queryFn: ({ signal }) => getStream(streamId, signal),
  });

export const useStream = (streamId: string | undefined) =>
  useQuery({ ...streamQueryOptions(streamId ?? ''), enabled: streamId !== undefined });
