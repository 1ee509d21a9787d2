import { useMemo } from 'react';
import { useConnectors } from '../../../api/streams/get-connectors';
import { STREAM_LIST_LIMIT, useStreams } from '../../../api/streams/get-streams';
import { STREAMS_PAGE_SIZE } from '../components/StreamsTable';
import { filterStreams } from '../model/stream-list';
import type { StreamsParams } from './use-streams-params';

/** The streams that pass the URL's filters, newest first, and the page of them shown. */
export function useStreamsList(params: StreamsParams) {
  const streams = useStreams();
  const connectors = useConnectors();
  const { connector, search, lastRun, page } = params;
  const matching = useMemo(
    () =>
      filterStreams(streams.data ?? [], { connector, search, lastRun }).sort((a, b) => b.id - a.id),
    [streams.data, connector, search, lastRun],
  );
  const lastPage = Math.max(0, Math.ceil(matching.length / STREAMS_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  return {
    streams,
    connectors: connectors.data,
    total: streams.data?.length ?? 0,
    matching: matching.length,
    page: shownPage,
    shown: matching.slice(shownPage * STREAMS_PAGE_SIZE, (shownPage + 1) * STREAMS_PAGE_SIZE),
    /** The platform answered as many as asked for: there may be more than are shown. */
    isTruncated: (streams.data?.length ?? 0) >= STREAM_LIST_LIMIT,
  };
}
