import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';
import { lastRunFilters, type LastRunFilter } from '../model/stream-list';

/** The Streams screen's filters in the URL: `connector`, `q` (dataset name), `lastRun`, `page`. */
const spec = {
  connector: param.custom<string>({
    read: (raw) => (raw ?? '').trim(),
    write: (value) => value.trim() || null,
  }),
  q: param.search(),
  lastRun: param.oneOf(lastRunFilters, 'all'),
  page: param.page(),
};

export function useStreamsParams() {
  const [state, set] = useListParams(spec);
  return {
    connector: state.connector,
    search: state.q,
    lastRun: state.lastRun,
    page: state.page,
    setConnector: (connector: string) => set({ connector }),
    setSearch: (q: string) => set({ q }),
    setLastRun: (lastRun: LastRunFilter) => set({ lastRun }),
    setPage: (page: number) => set({ page }),
  };
}

export type StreamsParams = ReturnType<typeof useStreamsParams>;
