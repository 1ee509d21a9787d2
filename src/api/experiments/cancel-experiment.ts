import { useMutation, useQueryClient } from '@tanstack/react-query';
import { experiment } from '../contract/experiments';
import { request } from '../http';
import { experimentKeys, invalidateExperiment } from './keys';
import { experimentApiPath } from './path';

/** `POST …/experiments/{id}/cancel`: what is queued stops; what finished is kept. */
export const cancelExperiment = (id: string) =>
  request({ method: 'POST', path: `${experimentApiPath(id)}/cancel`, schema: experiment });

export const useCancelExperiment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelExperiment,
    onSuccess: (cancelled) => {
      queryClient.setQueryData(experimentKeys.detail(cancelled.id), cancelled);
      return invalidateExperiment(queryClient, cancelled.id);
    },
  });
};
