/**
 * Query keys of data files (2.7), from general to specific: invalidating a key also
 * invalidates every key that starts with it.
 */
export const dataFileKeys = {
  all: ['data-files'] as const,
  lists: () => [...dataFileKeys.all, 'list'] as const,
  list: (params: { expand?: string; limit?: number; offset?: number; nameLike?: string }) =>
    [...dataFileKeys.lists(), params] as const,
  detail: (dataFileId: number) => [...dataFileKeys.all, 'detail', dataFileId] as const,
  preview: (dataFileId: number, revisionId: number) =>
    [...dataFileKeys.detail(dataFileId), 'preview', revisionId] as const,
};
