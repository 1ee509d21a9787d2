import { useMutation, useQueryClient } from '@tanstack/react-query';
import { experiment, type CreateExperimentBody } from '../contract/experiments';
import { request } from '../http';
import { experimentKeys } from './keys';
import { EXPERIMENTS_PATH } from './path';

/** `POST /api/ai/v1/experiments`: queued at once; the platform's job queue runs it. */
export const createExperiment = (body: CreateExperimentBody) =>
  request({ method: 'POST', path: EXPERIMENTS_PATH, body, schema: experiment });

export const useCreateExperiment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExperiment,
    onSuccess: (created) => {
      queryClient.setQueryData(experimentKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: experimentKeys.list() });
    },
  });
};
