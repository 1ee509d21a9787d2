import type { DatasetPageParams, RowsParams } from './params';

/**
 * Query keys of datasets, from general to specific: a dataset's detail key covers everything
 * read about it (schema, preview, permissions, outbox, certification, partitions), so a change
 * to its rows invalidates them all at once.
 */
export const datasetKeys = {
  all: ['datasets'] as const,
  lists: () => [...datasetKeys.all, 'list'] as const,
  list: (params: DatasetPageParams) => [...datasetKeys.lists(), params] as const,
  details: () => [...datasetKeys.all, 'detail'] as const,
  detail: (datasetId: string) => [...datasetKeys.details(), datasetId] as const,
  schema: (datasetId: string, includeHidden: boolean) =>
    [...datasetKeys.detail(datasetId), 'schema', { includeHidden }] as const,
  preview: (datasetId: string) => [...datasetKeys.detail(datasetId), 'preview'] as const,
  rows: (datasetId: string, params: RowsParams) =>
    [...datasetKeys.detail(datasetId), 'rows', params] as const,
  permissions: (datasetId: string) => [...datasetKeys.detail(datasetId), 'permissions'] as const,
  outbox: (datasetId: string) => [...datasetKeys.detail(datasetId), 'outbox'] as const,
  certification: (datasetId: string) =>
    [...datasetKeys.detail(datasetId), 'certification'] as const,
  partitions: (datasetId: string) => [...datasetKeys.detail(datasetId), 'partitions'] as const,
};
