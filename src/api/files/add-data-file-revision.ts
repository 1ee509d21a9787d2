import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newRevisionResult } from '../contract/files';
import { path } from '../http';
import { dataFileKeys } from './keys';
import { uploadDataFileWithProgress, type UploadProgress } from './upload-with-progress';

export interface AddDataFileRevisionInput {
  dataFileId: number;
  file: Blob;
}

/** 4.12 New revision: `PUT /api/data/v1/data-files/{id}` with the bytes as the raw body. */
export const addDataFileRevision = (
  { dataFileId, file }: AddDataFileRevisionInput,
  onProgress?: (progress: UploadProgress) => void,
) =>
  uploadDataFileWithProgress({
    method: 'PUT',
    url: path`/api/data/v1/data-files/${dataFileId}`,
    file,
    schema: newRevisionResult,
    onProgress,
  });

export const useAddDataFileRevision = (onProgress?: (progress: UploadProgress) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddDataFileRevisionInput) => addDataFileRevision(input, onProgress),
    onSuccess: (_answer, { dataFileId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dataFileKeys.detail(dataFileId) }),
        queryClient.invalidateQueries({ queryKey: dataFileKeys.lists() }),
      ]),
  });
};
