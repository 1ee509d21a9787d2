import { FILE_QUERY_LIMITS } from '../../../api/contract';
import { param, type ListState } from '../../../lib/list-params';

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

const optional = () =>
  param.custom<string | undefined>({ read: (raw) => raw || undefined, write: (v) => v || null });
const trimmed = () =>
  param.custom<string>({ read: (raw) => raw ?? '', write: (v) => v.trim() || null });

/** The search in the URL, as `readSearch` reads it and `writeSearch` writes it. */
export const filesetSearchSpec = {
  fileset: optional(),
  q: trimmed(),
  dir: trimmed(),
  topK: param.custom<number>({
    read: (raw) => readSearch(new URLSearchParams(raw === null ? '' : { topK: raw })).topK,
    write: (topK) => writeSearch({ topK }).get('topK'),
  }),
  file: optional(),
};

/** The params under the names the screen uses. */
export const toFilesetSearch = (params: ListState<typeof filesetSearchSpec>): FilesetSearch => ({
  filesetId: params.fileset,
  query: params.q,
  directoryPath: params.dir,
  topK: params.topK,
  fileId: params.file,
});
