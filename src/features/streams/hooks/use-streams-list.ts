import { useMemo } from 'react';
import { useConnectors } from '../../../api/streams/get-connectors';
import { STREAM_LIST_LIMIT, useStreams } from '../../../api/streams/get-streams';
import type { ListState } from '../../../lib/list-params';
import { STREAMS_PAGE_SIZE } from '../components/StreamsTable';
import { filterStreams, type streamsSpec } from '../model/stream-list';

/** The streams that pass the URL's filters, newest first, and the page of them shown. */
export function useStreamsList({ connector, q, lastRun, page }: ListState<typeof streamsSpec>) {
  const streams = useStreams();
  const connectors = useConnectors();
  const matching = useMemo(
    () =>
      filterStreams(streams.data ?? [], { connector, search: q, lastRun }).sort(
        (a, b) => b.id - a.id,
      ),
    [streams.data, connector, q, lastRun],
  );
  const lastPage = Math.max(0, Math.ceil(matching.length / STREAMS_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  return {
    streams,
    connectors: connectors.data,
    total: streams.data?.length ?? 0,
    matching: matching.length,
    /** A page past the end shows the last one. */
    lastPage,
    shown: matching.slice(shownPage * STREAMS_PAGE_SIZE, (shownPage + 1) * STREAMS_PAGE_SIZE),
    /** The platform answered as many as asked for: there may be more than are shown. */
    isTruncated: (streams.data?.length ?? 0) >= STREAM_LIST_LIMIT,
  };
}
