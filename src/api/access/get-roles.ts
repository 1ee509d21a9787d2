import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleList } from '../contract/access';
import { request } from '../http';
import { accessKeys } from './keys';

/** `GET /api/access/v1/roles`: roles with their grants and member counts. */
export const getRoles = (signal?: AbortSignal) =>
  request({ path: '/api/access/v1/roles', schema: roleList, signal });

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: accessKeys.roles(), queryFn: ({ signal }) => getRoles(signal) });

export const useRoles = () => useQuery(rolesQueryOptions());
