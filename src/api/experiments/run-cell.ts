import { useMutation, useQueryClient } from '@tanstack/react-query';
import { experiment } from '../contract/experiments';
import { request } from '../http';
import { experimentKeys, invalidateExperiment } from './keys';
import { experimentApiPath } from './path';

export interface CellAddress {
  id: string;
  caseIndex: number;
  variant: number;
}

/** `POST …/experiments/{id}/cells/{caseIndex}/{variant}/run`: one cell again, alone. */
export const runCell = ({ id, caseIndex, variant }: CellAddress) =>
  request({
    method: 'POST',
    path: `${experimentApiPath(id)}/cells/${caseIndex}/${variant}/run`,
    schema: experiment,
  });

export const useRunCell = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCell,
    onSuccess: (running) => {
      queryClient.setQueryData(experimentKeys.detail(running.id), running);
      return invalidateExperiment(queryClient, running.id);
    },
  });
};
