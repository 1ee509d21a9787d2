import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearch, writeSearch, type FilesetSearch } from '../lib/search-params';

/** The fileset, query, directory, topK and open file, read from and written to the URL. */
export function useFilesetSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readSearch(params), [params]);
  const update = useCallback(
    (change: Partial<FilesetSearch>, replace = false) =>
      setParams(writeSearch({ ...readSearch(params), ...change }), { replace }),
    [params, setParams],
  );
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
