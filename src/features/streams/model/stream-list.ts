import type { Stream } from '../../../api/contract';
import { param } from '../../../lib/list-params';
import { connectorKey } from './describe-stream';

export const lastRunFilters = ['all', 'never', 'ACTIVE', 'SUCCESS', 'ERROR'] as const;
export type LastRunFilter = (typeof lastRunFilters)[number];

export const lastRunFilterWords: Record<LastRunFilter, string> = {
  all: 'Any last run',
  never: 'Never run',
  ACTIVE: 'Running',
  SUCCESS: 'Succeeded',
  ERROR: 'Failed',
};

/** The Streams screen's filters in the URL: `connector`, `q` (dataset name), `lastRun`, `page`. */
export const streamsSpec = {
  connector: param.custom<string>({
    read: (raw) => (raw ?? '').trim(),
    write: (value) => value.trim() || null,
  }),
  q: param.search(),
  lastRun: param.oneOf(lastRunFilters, 'all'),
  page: param.page(),
};

export interface StreamFilters {
  connector: string;
  search: string;
  lastRun: LastRunFilter;
}

/** The streams that pass every filter; the dataset name matches without regard to case. */
export function filterStreams(streams: Stream[], { connector, search, lastRun }: StreamFilters) {
  const needle = search.trim().toLocaleLowerCase();
  return streams.filter((s) => {
    if (connector && connectorKey(s) !== connector) return false;
    if (needle && !s.dataSource.name.toLocaleLowerCase().includes(needle)) return false;
    if (lastRun === 'all') return true;
    const state = s.lastExecution?.state;
    return lastRun === 'never' ? state === undefined : state === lastRun;
  });
}
