import { useQueryClient } from '@tanstack/react-query';
import type { StreamExecution } from '../../../api/contract';
import { streamKeys } from '../../../api/streams/keys';
import { useFollowedRun } from '../../../api/streams/use-followed-run';

/**
 * A stream's run history and Run now (pessimistic: the run appears once the platform has
 * started it). The newest run is polled while ACTIVE, whoever started it; once it ends the
 * history, the stream and the list of streams are read again.
 */
export function useStreamHistory(streamId: string) {
  const queryClient = useQueryClient();
  const { executions, run, followed, setStartedId } = useFollowedRun(
    streamId,
    () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: streamKeys.detail(streamId) }),
        queryClient.invalidateQueries({ queryKey: streamKeys.list() }),
      ]),
  );

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
