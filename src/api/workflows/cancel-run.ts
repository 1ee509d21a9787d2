import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowRun } from '../contract/workflows';
import { path, request } from '../http';
import { workflowKeys } from './keys';

/** gaps.md: `POST /v1/workflows/runs/{runId}/cancel`; the run stops between steps. */
export const cancelRun = (runId: string) =>
  request({ method: 'POST', path: path`/v1/workflows/runs/${runId}/cancel`, schema: workflowRun });

export const useCancelRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRun,
    onSuccess: (run) => {
      queryClient.setQueryData(workflowKeys.run(run.id), run);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.runsOf(run.workflowId) });
    },
  });
};
