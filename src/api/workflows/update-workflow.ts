import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { updateWorkflowBody, workflow } from '../contract/workflows';
import { path, request } from '../http';
import { workflowKeys } from './keys';

export const updateWorkflowInput = z.object({ id: z.string().min(1), changes: updateWorkflowBody });
export type UpdateWorkflowInput = z.infer<typeof updateWorkflowInput>;

/** gaps.md: `PUT /v1/workflows/{id}` answers the workflow with its version one higher. */
export const updateWorkflow = (input: UpdateWorkflowInput) => {
  const { id, changes } = updateWorkflowInput.parse(input);
  return request({
    method: 'PUT',
    path: path`/v1/workflows/${id}`,
    body: changes,
    schema: workflow,
  });
};

export const useUpdateWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkflow,
    onSuccess: (updated) => {
      queryClient.setQueryData(workflowKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.lists() });
    },
  });
};
