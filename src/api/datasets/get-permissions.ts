import { queryOptions, useQuery } from '@tanstack/react-query';
import { permissionList } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

/** gaps.md: `GET /api/data/v3/datasources/{id}/permissions` answers `{list}`. */
export const getPermissions = (datasetId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/data/v3/datasources/${datasetId}/permissions`,
    schema: permissionList,
    signal,
  });

export const permissionsQueryOptions = (datasetId: string) =>
  queryOptions({
    queryKey: datasetKeys.permissions(datasetId),
    queryFn: ({ signal }) => getPermissions(datasetId, signal),
    select: (answer) => answer.list,
  });

export const usePermissions = (datasetId: string) => useQuery(permissionsQueryOptions(datasetId));
