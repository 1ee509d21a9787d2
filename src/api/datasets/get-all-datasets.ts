import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataset, type Dataset } from '../contract/datasets';
import { request } from '../http';
import { datasetKeys } from './keys';

/** The listing's largest page (gaps.md bounds `limit` at 500). */
const PAGE = 500;
/** Beyond this many datasets a screen that needs them all says it stopped there. */
export const ALL_DATASETS_CAP = 5_000;

export interface AllDatasets {
  datasets: Dataset[];
  /** True when the platform has more than {@link ALL_DATASETS_CAP} datasets. */
  truncated: boolean;
}

/** Every dataset, by name, read page after page: for screens that look across all of them. */
export async function getAllDatasets(signal?: AbortSignal): Promise<AllDatasets> {
  const datasets: Dataset[] = [];
  for (let offset = 0; offset < ALL_DATASETS_CAP; offset += PAGE) {
    const rows = await request({
      path: '/api/data/v3/datasources',
      query: { limit: PAGE, offset, sort: 'name', order: 'asc' },
      schema: z.array(dataset),
      signal,
    });
    datasets.push(...rows);
    if (rows.length < PAGE) return { datasets, truncated: false };
  }
  return { datasets, truncated: true };
}

export const allDatasetsQueryOptions = () =>
  queryOptions({
    queryKey: [...datasetKeys.lists(), 'all'] as const,
    queryFn: ({ signal }) => getAllDatasets(signal),
    staleTime: 60_000,
  });

export const useAllDatasets = () => useQuery(allDatasetsQueryOptions());
