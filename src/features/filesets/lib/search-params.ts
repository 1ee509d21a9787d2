import { FILE_QUERY_LIMITS } from '../../../api/contract';

export const DEFAULT_TOP_K = 10;

export interface FilesetSearch {
  filesetId: string | undefined;
  query: string;
  directoryPath: string;
  topK: number;
  fileId: string | undefined;
}

/** The search as the URL holds it; a topK out of 1..100 reads as the default. */
export function readSearch(params: URLSearchParams): FilesetSearch {
  const topK = Number(params.get('topK'));
  return {
    filesetId: params.get('fileset') || undefined,
    query: params.get('q') ?? '',
    directoryPath: params.get('dir') ?? '',
    topK:
      Number.isInteger(topK) && topK >= 1 && topK <= FILE_QUERY_LIMITS.topK ? topK : DEFAULT_TOP_K,
    fileId: params.get('file') || undefined,
  };
}

/** Writes only what differs from the defaults, so a shared link stays short. */
export function writeSearch(search: Partial<FilesetSearch>): URLSearchParams {
  const params = new URLSearchParams();
  if (search.filesetId) params.set('fileset', search.filesetId);
  if (search.query?.trim()) params.set('q', search.query.trim());
  if (search.directoryPath?.trim()) params.set('dir', search.directoryPath.trim());
  if (search.topK && search.topK !== DEFAULT_TOP_K) params.set('topK', String(search.topK));
  if (search.fileId) params.set('file', search.fileId);
  return params;
}
