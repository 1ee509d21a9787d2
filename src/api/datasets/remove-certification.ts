import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { path, request } from '../http';
import { datasetKeys } from './keys';

export const removeCertificationInput = z.object({ datasetId: z.string().min(1) });
export type RemoveCertificationInput = z.infer<typeof removeCertificationInput>;

/** gaps.md: `DELETE /api/tags/v3/DATA_SOURCE/{id}/system/CERTIFIED/state` answers 204. */
export const removeCertification = ({ datasetId }: RemoveCertificationInput) =>
  request({
    method: 'DELETE',
    path: path`/api/tags/v3/DATA_SOURCE/${datasetId}/system/CERTIFIED/state`,
    schema: z.unknown(),
  });

export const useRemoveCertification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCertification,
    onSuccess: (_answer, { datasetId }) =>
      queryClient.invalidateQueries({ queryKey: datasetKeys.certification(datasetId) }),
  });
};
