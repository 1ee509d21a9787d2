import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { runLogs, workflowRun } from '../contract/workflows';
import { path } from '../http';
import { useLiveRead } from '../live/use-live-read';
import { runLiveKey } from './get-run';
import { appendLog, type RunLog } from './get-run-logs';
import { workflowKeys } from './keys';

const EVENTS = ['run', 'log'] as const;

/**
 * Embedded platform (docs/platform-gaps.md): the run's state and log lines as they are written
 * (`GET /v1/workflows/runs/{runId}/live?after=seq`), into the same query data the polling reads
 * fill; true while it does (then they do not poll). `on`: while the run is active and read.
 */
export function useRunLive(runId: string, on: boolean) {
  const queryClient = useQueryClient();
  // Where the log held in the cache ends when the read opens (the browser resumes from there).
  const livePath = useMemo(() => {
    if (!on) return undefined;
    const held = queryClient.getQueryData<RunLog>(workflowKeys.logs(runId));
    return `${path`/v1/workflows/runs/${runId}/live`}?after=${held?.next ?? 0}`;
  }, [on, queryClient, runId]);
  return useLiveRead(runLiveKey(runId), livePath, EVENTS, (name, data) => {
    if (name === 'run') {
      queryClient.setQueryData(workflowKeys.run(runId), workflowRun.parse(data));
      return;
    }
    const page = runLogs.parse(data);
    queryClient.setQueryData<RunLog>(workflowKeys.logs(runId), (held) =>
      appendLog(held ?? { entries: [], next: 0 }, page),
    );
  });
}
