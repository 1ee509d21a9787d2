import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { platformUser } from '../contract/people';
import { request } from '../http';
import { peopleKeys } from './keys';

export const PEOPLE_PAGE_SIZE = 50;

/** `GET /api/content/v3/users`; `q` matches names and email addresses. */
export const getUsers = (search: string, signal?: AbortSignal) =>
  request({
    path: '/api/content/v3/users',
    query: { q: search || undefined, limit: PEOPLE_PAGE_SIZE },
    schema: z.array(platformUser),
    signal,
  });

export const usersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: peopleKeys.users(search),
    queryFn: ({ signal }) => getUsers(search, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (search: string, { enabled = true } = {}) =>
  useQuery({ ...usersQueryOptions(search), enabled });
