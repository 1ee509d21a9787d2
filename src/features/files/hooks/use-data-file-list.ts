import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataFilesQueryOptions } from '../../../api/files/get-data-files';
import type { ListState } from '../../../lib/list-params';
import type { dataFileListSpec } from '../lib/list-params';

/**
 * One page of data files with their current revision. The platform's list has no total, so one
 * file more than the page is asked for: its presence says there is a next page.
 */
export function useDataFileList({ q, page, pageSize }: ListState<typeof dataFileListSpec>) {
  const query = useQuery({
    ...dataFilesQueryOptions({
      expand: 'metadata',
      limit: pageSize + 1,
      offset: page * pageSize,
      nameLike: q || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const files = query.data?.slice(0, pageSize);
  return {
    ...query,
    files,
    hasNextPage: (query.data?.length ?? 0) > pageSize,
    updating: query.isPlaceholderData,
  };
}
