import { useMemo } from 'react';
import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';
import { readSearch, writeSearch, type FilesetSearch } from '../lib/search-params';

const optional = () =>
  param.custom<string | undefined>({ read: (raw) => raw || undefined, write: (v) => v || null });
const trimmed = () =>
  param.custom<string>({ read: (raw) => raw ?? '', write: (v) => v.trim() || null });

/** The search in the URL, as `readSearch` reads it and `writeSearch` writes it. */
const spec = {
  fileset: optional(),
  q: trimmed(),
  dir: trimmed(),
  topK: param.custom<number>({
    read: (raw) => readSearch(new URLSearchParams(raw === null ? '' : { topK: raw })).topK,
    write: (topK) => writeSearch({ topK }).get('topK'),
  }),
  file: optional(),
};

const toUrl = (change: Partial<FilesetSearch>) => ({
  ...('filesetId' in change && { fileset: change.filesetId }),
  ...('query' in change && { q: change.query }),
  ...('directoryPath' in change && { dir: change.directoryPath }),
  ...('topK' in change && { topK: change.topK }),
  ...('fileId' in change && { file: change.fileId }),
});

/**
 * The fileset, query, directory, topK and open file, read from and written to the URL. A write
 * changes only what it names, on the latest URL, so closing a drawer never brings back a
 * directory the user has just cleared.
 */
export function useFilesetSearch() {
  const [params, set] = useListParams(spec);
  const search: FilesetSearch = useMemo(
    () => ({
      filesetId: params.fileset,
      query: params.q,
      directoryPath: params.dir,
      topK: params.topK,
      fileId: params.file,
    }),
    [params],
  );
  const update = (change: Partial<FilesetSearch>, replace = false) =>
    set(toUrl(change), { replace });
  return {
    search,
    pickFileset: (filesetId: string) => update({ filesetId, directoryPath: '', fileId: undefined }),
    runSearch: (change: Pick<FilesetSearch, 'query' | 'directoryPath' | 'topK'>) =>
      update({ ...change, fileId: undefined }),
    openFile: (fileId: string) => update({ fileId }),
    closeFile: () => update({ fileId: undefined }, true),
    fileHref: (fileId: string) => `?${writeSearch({ ...search, fileId }).toString()}`,
  };
}
