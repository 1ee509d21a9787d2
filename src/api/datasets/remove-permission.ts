import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { shareType } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

export const removePermissionInput = z.object({
  datasetId: z.string().min(1),
  type: shareType,
  principalId: z.string().min(1),
});
export type RemovePermissionInput = z.infer<typeof removePermissionInput>;

/** gaps.md: `DELETE /api/data/v3/datasources/{id}/permissions/{USER|GROUP}/{principalId}`. */
export const removePermission = ({ datasetId, type, principalId }: RemovePermissionInput) =>
  request({
    method: 'DELETE',
    path: path`/api/data/v3/datasources/${datasetId}/permissions/${type}/${principalId}`,
    schema: z.unknown(),
  });

export const useRemovePermission = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePermission,
    onSuccess: (_answer, { datasetId }) =>
      queryClient.invalidateQueries({ queryKey: datasetKeys.permissions(datasetId) }),
  });
};
