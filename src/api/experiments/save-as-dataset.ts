import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedExperimentDataset, type SaveExperimentBody } from '../contract/experiments';
import { datasetKeys } from '../datasets/keys';
import { request } from '../http';
import { experimentApiPath } from './path';

/** `POST …/experiments/{id}/dataset`: the results as a new dataset, or a new version of one. */
export const saveExperimentAsDataset = ({ id, body }: { id: string; body: SaveExperimentBody }) =>
  request({
    method: 'POST',
    path: `${experimentApiPath(id)}/dataset`,
    body,
    schema: savedExperimentDataset,
  });

export const useSaveExperimentAsDataset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExperimentAsDataset,
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: datasetKeys.detail(saved.datasetId) }),
      ]),
  });
};
