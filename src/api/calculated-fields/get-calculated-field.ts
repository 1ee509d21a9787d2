import { queryOptions, useQuery } from '@tanstack/react-query';
import { calculatedField } from '../contract/calculated-fields';
import { path, request } from '../http';
import { calculatedFieldKeys } from './keys';

/** gaps.md: `GET /api/query/v1/functions/template/{id}`, one field (2.3). */
export const getCalculatedField = (id: number, signal?: AbortSignal) =>
  request({
    path: path`/api/query/v1/functions/template/${id}`,
    schema: calculatedField,
    signal,
  });

export const calculatedFieldQueryOptions = (id: number) =>
  queryOptions({
    queryKey: calculatedFieldKeys.detail(id),
    queryFn: ({ signal }) => getCalculatedField(id, signal),
  });

export const useCalculatedField = (id: number | undefined) =>
  useQuery({ ...calculatedFieldQueryOptions(id ?? 0), enabled: id !== undefined });
