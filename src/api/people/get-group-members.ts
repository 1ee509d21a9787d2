import { queryOptions, useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import { platformUser } from '../contract/people';
import { path, request } from '../http';
import { peopleKeys } from './keys';

/** `GET /api/content/v2/groups/{id}/users`: who a share with the group notifies (choice). */
export const getGroupMembers = (groupId: number, signal?: AbortSignal) =>
  request({
    path: path`/api/content/v2/groups/${groupId}/users`,
    schema: z.array(platformUser),
    signal,
  });

export const groupMembersQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: peopleKeys.groupMembers(groupId),
    queryFn: ({ signal }) => getGroupMembers(groupId, signal),
  });

/** The members of each group, in the order of `groupIds`. */
export const useGroupsMembers = (groupIds: number[], { enabled = true } = {}) =>
  useQueries({
    queries: groupIds.map((id) => ({ ...groupMembersQueryOptions(id), enabled })),
  });
