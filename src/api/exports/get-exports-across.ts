import { queryOptions } from '@tanstack/react-query';
import { exportsAcross, type ExportsAcross } from '../contract/exports';
import { request } from '../http';
import { isFollowed } from '../live/followed';
import { exportsAcrossLiveKey } from './exports-live';
import { EXPORT_POLL_MS } from './get-export-history';
import { exportKeys } from './keys';

/** A page of the list across datasets; one page holds what a dashboard usually shows. */
export const ACROSS_PAGE = 1000;
/** At most this many pages: beyond 5,000 exports the dashboard says it shows the newest only. */
export const ACROSS_PAGES = 5;

export interface ExportsAcrossResult extends ExportsAcross {
  /** True when more exports exist than the pages read. */
  truncated: boolean;
}

/**
 * Embedded platform (docs/platform-gaps.md): `GET /api/query/v1/exports`, every export of the
 * datasets the user may read, newest first, following the keyset cursor a bounded number of times.
 */
export async function getExportsAcross(signal?: AbortSignal): Promise<ExportsAcrossResult> {
  let before: string | undefined;
  const result: ExportsAcross = { exports: [], datasetCount: 0, next: null };
  for (let page = 0; page < ACROSS_PAGES; page++) {
    const answer = await request({
      path: '/api/query/v1/exports',
      query: { limit: ACROSS_PAGE, before },
      schema: exportsAcross,
      signal,
    });
    if (page === 0) result.datasetCount = answer.datasetCount;
    result.exports.push(...answer.exports);
    result.next = answer.next;
    if (!answer.next) break;
    before = answer.next;
  }
  return { ...result, truncated: result.next !== null };
}

const anyRunning = (data: ExportsAcrossResult | undefined) =>
  data?.exports.some((e) => e.record.exportStatus === 'running') ?? false;

export const EXPORTS_ACROSS_POLL_MS = EXPORT_POLL_MS * 2;

/** Fresh whenever the dashboard opens; polled while an export runs, unless followed live. */
export const exportsAcrossQueryOptions = () =>
  queryOptions({
    queryKey: exportKeys.across(),
    queryFn: ({ signal }) => getExportsAcross(signal),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      anyRunning(query.state.data) && !isFollowed(exportsAcrossLiveKey)
        ? EXPORTS_ACROSS_POLL_MS
        : false,
  });
