import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StreamExecution } from '../../../api/contract';
import { useExecution, useExecutionLive } from '../../../api/streams/get-execution';
import { useExecutions } from '../../../api/streams/get-executions';
import { streamKeys } from '../../../api/streams/keys';
import { useRunStream } from '../../../api/streams/run-stream';

/**
 * A stream's run history and Run now (pessimistic: the run appears once the platform has
 * started it). The newest run is polled while ACTIVE, whoever started it; once it ends the
 * history, the stream and the list of streams are read again.
 */
export function useStreamHistory(streamId: string) {
  const queryClient = useQueryClient();
  const executions = useExecutions(streamId);
  const run = useRunStream();
  const [startedId, setStartedId] = useState<number>();

  const latest = executions.data?.[0];
  const followedId = startedId ?? (latest?.state === 'ACTIVE' ? latest.id : undefined);
  const followedKey = followedId === undefined ? undefined : String(followedId);
  const followed = useExecution(streamId, followedKey);
  // On the embedded platform its changes arrive as they happen; polled otherwise.
  useExecutionLive(streamId, followedKey, followed.data?.state === 'ACTIVE');

  const ended = useEffectEvent(
    () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: streamKeys.detail(streamId) }),
        queryClient.invalidateQueries({ queryKey: streamKeys.list() }),
      ]),
  );
  const seen = useRef<string>(undefined);
  const state = followed.data ? `${followed.data.id}:${followed.data.state}` : undefined;
  useEffect(() => {
    const before = seen.current;
    seen.current = state;
    if (before?.endsWith(':ACTIVE') && state && !state.endsWith(':ACTIVE')) ended();
  }, [state]);

  // The followed run as last read, in its place in the history (first, when just started).
  const current = followed.data;
  const runs: StreamExecution[] = executions.data ?? [];
  const history =
    current === undefined
      ? runs
      : runs.some((e) => e.id === current.id)
        ? runs.map((e) => (e.id === current.id ? current : e))
        : [current, ...runs];

  return {
    history,
    executions,
    followed: current,
    start: () => run.mutate({ streamId }, { onSuccess: (started) => setStartedId(started.id) }),
    isStarting: run.isPending,
    isRunning: run.isPending || current?.state === 'ACTIVE',
    startError: run.error,
    pollError: followed.error,
  };
}
