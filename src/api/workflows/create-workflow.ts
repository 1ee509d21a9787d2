import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createWorkflowBody, workflow } from '../contract/workflows';
import { request } from '../http';
import { workflowKeys } from './keys';

export const createWorkflowInput = createWorkflowBody;
export type CreateWorkflowInput = z.infer<typeof createWorkflowInput>;

/** gaps.md: `POST /v1/workflows` answers 201 and the workflow (version 1). */
export const createWorkflow = (input: CreateWorkflowInput) =>
  request({
    method: 'POST',
    path: '/v1/workflows',
    body: createWorkflowInput.parse(input),
    schema: workflow,
  });

export const useCreateWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: (created) => {
      queryClient.setQueryData(workflowKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.lists() });
    },
  });
};
