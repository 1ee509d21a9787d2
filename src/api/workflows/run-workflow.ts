import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { runWorkflowBody, workflowRun } from '../contract/workflows';
import { path, request } from '../http';
import { workflowKeys } from './keys';

export const runWorkflowInput = runWorkflowBody.extend({ workflowId: z.string().min(1) });
export type RunWorkflowInput = z.infer<typeof runWorkflowInput>;

/** gaps.md: `POST /v1/workflows/{id}/runs` `{input}` answers 202 and the QUEUED run. */
export const runWorkflow = (input: RunWorkflowInput) => {
  const { workflowId, ...body } = runWorkflowInput.parse(input);
  return request({
    method: 'POST',
    path: path`/v1/workflows/${workflowId}/runs`,
    body,
    schema: workflowRun,
  });
};

export const useRunWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWorkflow,
    onSuccess: (run) => {
      queryClient.setQueryData(workflowKeys.run(run.id), run);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowKeys.runsOf(run.workflowId) }),
        queryClient.invalidateQueries({ queryKey: workflowKeys.lists() }),
      ]);
    },
  });
};
