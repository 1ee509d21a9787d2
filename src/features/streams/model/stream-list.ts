import type { Stream } from '../../../api/contract';
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
