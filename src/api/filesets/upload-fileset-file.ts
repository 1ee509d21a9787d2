import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesetFile } from '../contract/filesets';
import { path } from '../http';
import { uploadWithProgress, type UploadProgress } from '../upload-with-progress';
import { filesetKeys } from './keys';

export interface UploadFilesetFileInput {
  filesetId: string;
  file: File;
  directoryPath: string;
  onProgress?: (progress: UploadProgress) => void;
}

/** gaps.md: `POST …/filesets/{id}/files`, multipart `file` + `createFileRequest` `{directoryPath}`. */
export function uploadFilesetFile({
  filesetId,
  file,
  directoryPath,
  onProgress,
}: UploadFilesetFileInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('createFileRequest', JSON.stringify({ directoryPath }));
  return uploadWithProgress({
    path: path`/api/files/v1/filesets/${filesetId}/files`,
    body: form,
    schema: filesetFile,
    onProgress,
  });
}

/** One upload at a time; the fileset's count, files and searches refresh after each. */
export const useUploadFilesetFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFilesetFile,
    onSuccess: (_file, { filesetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filesetKeys.detail(filesetId) }),
        queryClient.invalidateQueries({ queryKey: filesetKeys.lists() }),
      ]),
  });
};
