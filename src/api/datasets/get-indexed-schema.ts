import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { indexedSchema } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

/** 4.8 Get Dataset Schema; the gateway adds the session-token header this route takes. */
export const getIndexedSchema = (datasetId: string, includeHidden: boolean, signal?: AbortSignal) =>
  request({
    path: path`/api/query/v1/datasources/${datasetId}/schema/indexed`,
    query: { includeHidden },
    schema: indexedSchema,
    signal,
  });

export const indexedSchemaQueryOptions = (datasetId: string, includeHidden: boolean) =>
  queryOptions({
    queryKey: datasetKeys.schema(datasetId, includeHidden),
    queryFn: ({ signal }) => getIndexedSchema(datasetId, includeHidden, signal),
    // Toggling hidden columns keeps the table on screen until the other answer arrives.
    placeholderData: keepPreviousData,
  });

export const useIndexedSchema = (datasetId: string, includeHidden: boolean) =>
  useQuery(indexedSchemaQueryOptions(datasetId, includeHidden));
