import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryResult } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

export const PREVIEW_ROWS = 50;

/** `POST /api/query/v1/execute/{datasetId}`: a read, even though it is a POST. */
export const previewRows = (datasetId: string, signal?: AbortSignal) =>
  request({
    method: 'POST',
    path: path`/api/query/v1/execute/${datasetId}`,
    body: { sql: `SELECT * FROM table LIMIT ${PREVIEW_ROWS}` },
    schema: queryResult,
    signal,
  });

export const previewRowsQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: datasetKeys.preview(datasetId),
    queryFn: ({ signal }) => previewRows(datasetId, signal),
  });

export const usePreviewRows = (datasetId: string) => useQuery(previewRowsQueryOptions(datasetId));
