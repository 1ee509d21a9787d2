import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { certifyResponse } from '../contract/datasets';
import { path, request } from '../http';
import { datasetKeys } from './keys';

export const certifyDatasetInput = z.object({ datasetId: z.string().min(1) });
export type CertifyDatasetInput = z.infer<typeof certifyDatasetInput>;

/** 4.9 Certify Content (DATA_SOURCE); no body, answers `{message}` (7.3 on error). */
export const certifyDataset = ({ datasetId }: CertifyDatasetInput) =>
  request({
    method: 'PUT',
    path: path`/api/tags/v3/DATA_SOURCE/${datasetId}/system/CERTIFIED/state/ACTIVE`,
    schema: certifyResponse,
  });

export const useCertifyDataset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: certifyDataset,
    onSuccess: (_answer, { datasetId }) =>
      queryClient.invalidateQueries({ queryKey: datasetKeys.certification(datasetId) }),
  });
};
