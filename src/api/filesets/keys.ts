/** Query keys of filesets and their files, from general to specific. */
export const filesetKeys = {
  all: ['filesets'] as const,
  lists: () => [...filesetKeys.all, 'list'] as const,
  detail: (filesetId: string) => [...filesetKeys.all, 'detail', filesetId] as const,
  files: (filesetId: string) => [...filesetKeys.detail(filesetId), 'files'] as const,
  queries: (filesetId: string) => [...filesetKeys.detail(filesetId), 'query'] as const,
  query: (filesetId: string, search: FileQuery) =>
    [...filesetKeys.queries(filesetId), search] as const,
  content: (filesetId: string, fileId: string) =>
    [...filesetKeys.detail(filesetId), 'content', fileId] as const,
};

export interface FileQuery {
  query: string;
  directoryPath?: string;
  topK?: number;
}
