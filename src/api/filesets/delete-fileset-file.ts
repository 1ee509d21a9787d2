import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { path, request } from '../http';
import { filesetKeys } from './keys';

export interface DeleteFilesetFileInput {
  filesetId: string;
  fileId: string;
}

/** gaps.md: `DELETE /api/files/v1/filesets/{id}/files/{fileId}` → 204. */
export const deleteFilesetFile = ({ filesetId, fileId }: DeleteFilesetFileInput) =>
  request({
    method: 'DELETE',
    path: path`/api/files/v1/filesets/${filesetId}/files/${fileId}`,
    schema: z.undefined(),
  });

/** The fileset's count, files, searches and the file's content refresh after a delete. */
export const useDeleteFilesetFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFilesetFile,
    onSuccess: (_none, { filesetId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filesetKeys.detail(filesetId) }),
        queryClient.invalidateQueries({ queryKey: filesetKeys.lists() }),
      ]),
  });
};
