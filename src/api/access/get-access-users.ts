import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessUserList } from '../contract/access';
import { request } from '../http';
import { accessKeys } from './keys';

/** `GET /api/access/v1/users`: every user with role, groups and grants (Admin only). */
export const getAccessUsers = (signal?: AbortSignal) =>
  request({ path: '/api/access/v1/users', schema: accessUserList, signal });

export const accessUsersQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.users(),
    queryFn: ({ signal }) => getAccessUsers(signal),
  });

export const useAccessUsers = ({ enabled = true } = {}) =>
  useQuery({ ...accessUsersQueryOptions(), enabled });
