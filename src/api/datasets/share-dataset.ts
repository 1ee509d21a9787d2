import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { shareBody } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

export const shareDatasetInput = z.object({ datasetId: z.string().min(1), share: shareBody });
export type ShareDatasetInput = z.infer<typeof shareDatasetInput>;

/** 4.5 Share Dataset; with `sendEmail` the platform notifies every user named and group member. */
export const shareDataset = ({ datasetId, share }: ShareDatasetInput) =>
  request({
    method: 'POST',
    path: path`/api/data/v3/datasources/${datasetId}/share`,
    body: share,
    schema: z.unknown(),
  });

/** Pessimistic: an email may go out, so the screen changes only once the platform agreed. */
export const useShareDataset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareDataset,
    onSuccess: (_answer, { datasetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: datasetKeys.permissions(datasetId) }),
        queryClient.invalidateQueries({ queryKey: datasetKeys.outbox(datasetId) }),
      ]),
  });
};
