import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { partitionDeleted } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

export const deletePartitionInput = z.object({
  datasetId: z.string().min(1),
  partitionId: z.string().min(1),
});
export type DeletePartitionInput = z.infer<typeof deletePartitionInput>;

/** 4.10 Delete Partition Tag: the partition's rows go with it. */
export const deletePartition = ({ datasetId, partitionId }: DeletePartitionInput) =>
  request({
    method: 'DELETE',
    path: path`/api/query/v1/datasources/${datasetId}/partition/${partitionId}`,
    schema: partitionDeleted,
  });

/** Pessimistic, after a confirm: the row count and every read of the rows change with it. */
export const useDeletePartition = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePartition,
    onSuccess: (_answer, { datasetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: datasetKeys.detail(datasetId) }),
        queryClient.invalidateQueries({ queryKey: datasetKeys.lists() }),
      ]),
  });
};
