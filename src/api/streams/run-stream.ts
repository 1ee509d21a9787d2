import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { streamExecution } from '../contract/streams';
import { path, request } from '../http';
import { streamKeys } from './keys';

export const runStreamInput = z.object({ streamId: z.string().min(1) });
export type RunStreamInput = z.infer<typeof runStreamInput>;

/** gaps.md: `POST /api/data/v1/streams/{id}/executions` `{runType: "MANUAL"}` answers 201 and the execution. */
export const runStream = ({ streamId }: RunStreamInput) =>
  request({
    method: 'POST',
    path: path`/api/data/v1/streams/${streamId}/executions`,
    body: { runType: 'MANUAL' },
    schema: streamExecution,
  });

export const useRunStream = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStream,
    onSuccess: (execution, { streamId }) => {
      queryClient.setQueryData(streamKeys.execution(streamId, execution.id), execution);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: streamKeys.executions(streamId), exact: true }),
        queryClient.invalidateQueries({ queryKey: streamKeys.list() }),
      ]);
    },
  });
};
