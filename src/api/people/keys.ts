/** Query keys of users and groups (the people a dataset is shared with), general to specific. */
export const peopleKeys = {
  all: ['people'] as const,
  user: (id: number) => [...peopleKeys.all, 'user', id] as const,
  users: (search: string) => [...peopleKeys.all, 'users', { search }] as const,
  groups: (search: string) => [...peopleKeys.all, 'groups', { search }] as const,
  groupMembers: (groupId: number) => [...peopleKeys.all, 'group', groupId, 'members'] as const,
};
