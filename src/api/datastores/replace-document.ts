import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { documentV2, replaceDocumentBody } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys, invalidateDocumentWrites } from './keys';

export const replaceDocumentInput = replaceDocumentBody.extend({
  collectionId: z.string().min(1),
  documentId: z.string().min(1),
});
export type ReplaceDocumentInput = z.infer<typeof replaceDocumentInput>;

/** gaps.md update document: `PUT .../v2/.../documents/{docId}` with `{content}`, a full replace. */
export const replaceDocument = ({ collectionId, documentId, content }: ReplaceDocumentInput) =>
  request({
    method: 'PUT',
    path: path`/api/datastores/v2/collections/${collectionId}/documents/${documentId}`,
    body: { content },
    schema: documentV2,
  });

export const useReplaceDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceDocument,
    onSuccess: (document, { collectionId }) => {
      queryClient.setQueryData(datastoreKeys.document(collectionId, document.id), document);
      return invalidateDocumentWrites(queryClient, collectionId);
    },
  });
};
