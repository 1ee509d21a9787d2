import { queryOptions, useQuery } from '@tanstack/react-query';
import { calculatedFieldStatistics } from '../contract/calculated-fields';
import { request } from '../http';
import { calculatedFieldKeys } from './keys';

/** gaps.md: `GET /api/query/v1/functions/statistics`, counts over every field. */
export const getCalculatedFieldStatistics = (signal?: AbortSignal) =>
  request({
    path: '/api/query/v1/functions/statistics',
    schema: calculatedFieldStatistics,
    signal,
  });

export const calculatedFieldStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: calculatedFieldKeys.statistics(),
    queryFn: ({ signal }) => getCalculatedFieldStatistics(signal),
  });

export const useCalculatedFieldStatistics = () => useQuery(calculatedFieldStatisticsQueryOptions());
