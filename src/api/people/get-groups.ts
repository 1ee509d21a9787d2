import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { platformGroup } from '../contract/people';
import { request } from '../http';
import { PEOPLE_PAGE_SIZE } from './get-users';
import { peopleKeys } from './keys';

/** `GET /api/content/v2/groups`; `q` matches group names. */
export const getGroups = (search: string, signal?: AbortSignal) =>
  request({
    path: '/api/content/v2/groups',
    query: { q: search || undefined, limit: PEOPLE_PAGE_SIZE },
    schema: z.array(platformGroup),
    signal,
  });

export const groupsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: peopleKeys.groups(search),
    queryFn: ({ signal }) => getGroups(search, signal),
    placeholderData: keepPreviousData,
  });

export const useGroups = (search: string, { enabled = true } = {}) =>
  useQuery({ ...groupsQueryOptions(search), enabled });
