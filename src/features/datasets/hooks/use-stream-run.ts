import { useQueryClient } from '@tanstack/react-query';
import type { StreamExecution } from '../../../api/contract';
import { datasetKeys } from '../../../api/datasets';
import { streamKeys } from '../../../api/streams/keys';
import { useFollowedRun } from '../../../api/streams/use-followed-run';

/**
 * Runs a stream and follows the run: the execution is polled while ACTIVE (the query stops by
 * itself once it ends), and when it ends everything read about the dataset's rows is refreshed.
 * A run already ACTIVE when the page opens (a schedule started it) is followed the same way.
 */
export function useStreamRun(streamId: string, datasetId: string) {
  const queryClient = useQueryClient();
  const refreshDataset = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: datasetKeys.detail(datasetId) }),
      queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
    ]);
  const { executions, run, latest, followedId, followed, setStartedId } = useFollowedRun(
    streamId,
    () => {
      void refreshDataset();
      void queryClient.invalidateQueries({
        queryKey: streamKeys.executions(streamId),
        exact: true,
      });
    },
  );
  const execution: StreamExecution | undefined = followed.data ?? latest;

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
