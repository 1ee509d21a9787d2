import { queryOptions, useQuery } from '@tanstack/react-query';
import { certificationState } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

/** gaps.md: `GET /api/tags/v3/DATA_SOURCE/{id}/system/CERTIFIED/state`; `state` null = not certified. */
export const getCertification = (datasetId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/tags/v3/DATA_SOURCE/${datasetId}/system/CERTIFIED/state`,
    schema: certificationState,
    signal,
  });

export const certificationQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: datasetKeys.certification(datasetId),
    queryFn: ({ signal }) => getCertification(datasetId, signal),
  });

export const useCertification = (datasetId: string) =>
  useQuery(certificationQueryOptions(datasetId));
