import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StreamExecution } from '../../../api/contract';
import { datasetKeys } from '../../../api/datasets';
import { useExecution } from '../../../api/streams/get-execution';
import { useExecutions } from '../../../api/streams/get-executions';
import { streamKeys } from '../../../api/streams/keys';
import { useRunStream } from '../../../api/streams/run-stream';

/**
 * Runs a stream and follows the run: the execution is polled while ACTIVE (the query stops by
 * itself once it ends), and when it ends everything read about the dataset's rows is refreshed.
 * A run already ACTIVE when the page opens (a schedule started it) is followed the same way.
 */
export function useStreamRun(streamId: string, datasetId: string) {
  const queryClient = useQueryClient();
  const executions = useExecutions(streamId);
  const run = useRunStream();
  const [startedId, setStartedId] = useState<number>();

  const latest = executions.data?.[0];
  const followedId = startedId ?? (latest?.state === 'ACTIVE' ? latest.id : undefined);
  const followed = useExecution(
    streamId,
    followedId === undefined ? undefined : String(followedId),
  );
  const execution: StreamExecution | undefined = followed.data ?? latest;

  const refreshDataset = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: datasetKeys.detail(datasetId) }),
      queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
    ]);

  const ended = useEffectEvent(() => {
    void refreshDataset();
    void queryClient.invalidateQueries({
      queryKey: streamKeys.executions(streamId),
      exact: true,
    });
  });

  // "id:state" of the followed run; a change from ACTIVE to anything else is the end of it.
  const seen = useRef<string>(undefined);
  const state = followed.data ? `${followed.data.id}:${followed.data.state}` : undefined;
  useEffect(() => {
    const before = seen.current;
    seen.current = state;
    if (before?.endsWith(':ACTIVE') && state && !state.endsWith(':ACTIVE')) ended();
  }, [state]);

  const start = () =>
    run.mutate(
      { streamId },
      {
        onSuccess: (started) => {
          setStartedId(started.id);
          if (started.state !== 'ACTIVE') void refreshDataset();
        },
      },
    );

  return {
    start,
    isStarting: run.isPending,
    startError: run.error,
    /** The run started here, one still running, or else the last one. */
    execution,
    /** True when `execution` was started from this page (not merely the last one on record). */
    isFollowed: followedId !== undefined,
    isRunning: run.isPending || execution?.state === 'ACTIVE',
    pollError: followed.error,
    executionsPending: executions.isPending,
    executionsError: executions.error,
  };
}

export type StreamRunState = ReturnType<typeof useStreamRun>;
