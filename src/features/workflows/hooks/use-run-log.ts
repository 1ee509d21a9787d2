import { useEffect, useMemo, useRef, useState } from 'react';
import { useRunLive, useRunLog } from '../../../api/workflows';
import { downloadFile } from '../../../lib/download';
import { filterLog, logText } from '../lib/log-text';

/**
 * The run's log as the reader sees it: read incrementally while the run is active and the reader
 * has not paused, once more when it ends (its last lines), filtered by a search. On the embedded
 * platform the log and the run's state arrive as written (the live read); polling otherwise.
 */
export function useRunLogView(runId: string, active: boolean) {
  const [paused, setPaused] = useState(false);
  const [follow, setFollow] = useState(true);
  const [search, setSearch] = useState('');
  const log = useRunLog(runId, active && !paused);
  const live = useRunLive(runId, active && !paused);

  // The run has just ended, or the reader resumed after it did: read its last lines once.
  const { refetch } = log;
  const before = useRef({ active, paused });
  useEffect(() => {
    const was = before.current;
    before.current = { active, paused };
    if (!active && !paused && (was.active || was.paused)) void refetch();
  }, [active, paused, refetch]);

  const entries = useMemo(() => log.data?.entries ?? [], [log.data]);
  const shown = useMemo(() => filterLog(entries, search), [entries, search]);

  return {
    log,
    live,
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
