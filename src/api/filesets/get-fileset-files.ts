import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesetFileList, type FilesetFile } from '../contract/filesets';
import { path, request } from '../http';
import { filesetKeys } from './keys';

const PAGE_SIZE = 1000;
/** The tree shows at most this many files; a bigger fileset says so rather than reading on. */
export const FILE_TREE_LIMIT = 5000;

/** gaps.md: `POST …/filesets/{id}/files/search?limit&next`, every page up to the limit. */
export async function getFilesetFiles(filesetId: string, signal?: AbortSignal) {
  const files: FilesetFile[] = [];
  let next: string | null | undefined;
  do {
    const page = await request({
      method: 'POST',
      path: path`/api/files/v1/filesets/${filesetId}/files/search`,
      query: { limit: PAGE_SIZE, next: next ?? undefined },
      schema: filesetFileList,
      signal,
    });
    files.push(...page.files);
    next = page.pageContext.next;
  } while (next && files.length < FILE_TREE_LIMIT);
  return { files: files.slice(0, FILE_TREE_LIMIT), truncated: Boolean(next) };
}

export const filesetFilesQueryOptions = (filesetId: string) =>
  queryOptions({
    queryKey: filesetKeys.files(filesetId),
    queryFn: ({ signal }) => getFilesetFiles(filesetId, signal),
  });

export const useFilesetFiles = (filesetId: string | undefined) =>
  useQuery({ ...filesetFilesQueryOptions(filesetId ?? ''), enabled: Boolean(filesetId) });
