import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadDataFileResult } from '../contract/files';
import { dataFileKeys } from './keys';
import { uploadDataFileWithProgress, type UploadProgress } from './upload-with-progress';

export const uploadDataFileInput = z.object({
  file: z.instanceof(Blob),
  name: z.string().trim().min(1, 'A data file needs a name').max(255),
  description: z.string().max(4000).optional(),
});
export type UploadDataFileInput = z.infer<typeof uploadDataFileInput>;

/**
 * gaps.md: `POST /api/data/v1/data-files?name=&description=` with the file's bytes as the raw
 * body (not multipart), answered with `{dataFileId}`.
 */
export function uploadDataFile(
  input: UploadDataFileInput,
  onProgress?: (progress: UploadProgress) => void,
): Promise<{ dataFileId: number }> {
  const { file, name, description } = uploadDataFileInput.parse(input);
  const params = new URLSearchParams({ name });
  if (description) params.set('description', description);
  return uploadDataFileWithProgress({
    method: 'POST',
    url: `/api/data/v1/data-files?${params.toString()}`,
    file: file.type ? file : new Blob([file], { type: 'text/csv' }),
    schema: uploadDataFileResult,
    onProgress,
  });
}

export const useUploadDataFile = (onProgress?: (progress: UploadProgress) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadDataFileInput) => uploadDataFile(input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataFileKeys.lists() }),
  });
};
