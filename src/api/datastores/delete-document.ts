import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { path, request } from '../http';
import { datastoreKeys, invalidateDocumentWrites } from './keys';

export const deleteDocumentInput = z.object({
  collectionId: z.string().min(1),
  documentId: z.string().min(1),
});
export type DeleteDocumentInput = z.infer<typeof deleteDocumentInput>;

/** gaps.md delete document: `DELETE .../v1/.../documents/{docId}` answers 204 (one doc says 200). */
export const deleteDocument = ({ collectionId, documentId }: DeleteDocumentInput) =>
  request({
    method: 'DELETE',
    path: path`/api/datastores/v1/collections/${collectionId}/documents/${documentId}`,
    schema: z.unknown(),
  }).then(() => undefined);

export const useDeleteDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_nothing, { collectionId, documentId }) => {
      // Gone: asking for it again would only answer 404. Not awaited, so that a view of the
      // document closes at once rather than after the lists have refetched.
      queryClient.removeQueries({ queryKey: datastoreKeys.document(collectionId, documentId) });
      void invalidateDocumentWrites(queryClient, collectionId);
    },
  });
};
