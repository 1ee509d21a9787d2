import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { connector } from '../contract/streams';
import { request } from '../http';
import { streamKeys } from './keys';

/** The connectors a stream can read from, each with its versions and configuration fields. */
export const getConnectors = (signal?: AbortSignal) =>
  request({ path: '/api/data/v1/streams/connectors', schema: z.array(connector), signal });

export const connectorsQueryOptions = () =>
  queryOptions({
    queryKey: streamKeys.connectors(),
    queryFn: ({ signal }) => getConnectors(signal),
    staleTime: 5 * 60_000,
  });

export const useConnectors = () => useQuery(connectorsQueryOptions());
