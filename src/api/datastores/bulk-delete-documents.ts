import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { bulkDeleted } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys, invalidateDocumentWrites } from './keys';

export const bulkDeleteDocumentsInput = z.object({
  collectionId: z.string().min(1),
  documentIds: z.array(z.string().min(1)).min(1),
});
export type BulkDeleteDocumentsInput = z.infer<typeof bulkDeleteDocumentsInput>;

/** Ids travel in the query string; a batch keeps the URL well under any proxy's limit. */
const IDS_PER_CALL = 100;

/** gaps.md bulk delete: `DELETE .../documents/bulk?ids=a,b` answers `{Deleted: n}`. */
export const bulkDeleteDocuments = async ({
  collectionId,
  documentIds,
}: BulkDeleteDocumentsInput) => {
  let deleted = 0;
  for (let i = 0; i < documentIds.length; i += IDS_PER_CALL) {
    const answer = await request({
      method: 'DELETE',
      path: path`/api/datastores/v2/collections/${collectionId}/documents/bulk`,
      query: { ids: documentIds.slice(i, i + IDS_PER_CALL).join(',') },
      schema: bulkDeleted,
    });
    deleted += answer.Deleted;
  }
  return { Deleted: deleted };
};

export const useBulkDeleteDocuments = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteDocuments,
    onSuccess: (_answer, { collectionId, documentIds }) => {
      for (const id of documentIds)
        queryClient.removeQueries({ queryKey: datastoreKeys.document(collectionId, id) });
      return invalidateDocumentWrites(queryClient, collectionId);
    },
  });
};
