import { useEffect, useMemo, useState } from 'react';
import { useRunLog } from '../../../api/workflows';
import { downloadFile } from '../../../lib/download';
import { filterLog, logText } from '../lib/log-text';

/**
 * The run's log as the reader sees it: read incrementally while the run is active and the reader
 * has not paused, once more when it ends (its last lines), filtered by a search.
 */
export function useRunLogView(runId: string, active: boolean) {
  const [paused, setPaused] = useState(false);
  const [follow, setFollow] = useState(true);
  const [search, setSearch] = useState('');
  const log = useRunLog(runId, active && !paused);

  const { refetch } = log;
  useEffect(() => {
    if (!active && !paused) void refetch();
  }, [active, paused, refetch]);

  const entries = useMemo(() => log.data?.entries ?? [], [log.data]);
  const shown = useMemo(() => filterLog(entries, search), [entries, search]);

  return {
    log,
    entries,
    shown,
    search,
    setSearch,
    paused,
    togglePaused: () => setPaused((p) => !p),
    follow,
    setFollow,
    download: () => downloadFile(`run-${runId}.log`, logText(entries), 'text/plain'),
  };
}

export type RunLogView = ReturnType<typeof useRunLogView>;
