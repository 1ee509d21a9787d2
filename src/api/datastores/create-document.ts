import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createDocumentBody, documentV2 } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

export const createDocumentInput = createDocumentBody.extend({ collectionId: z.string().min(1) });
export type CreateDocumentInput = z.infer<typeof createDocumentInput>;

/** 4.2 Create Document (v2): answers the document with string user ids. */
export const createDocument = ({ collectionId, content }: CreateDocumentInput) =>
  request({
    method: 'POST',
    path: path`/api/datastores/v2/collections/${collectionId}/documents`,
    body: { content },
    schema: documentV2,
  });

export const useCreateDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    // The collection's key covers its documents; the lists show its syncRequired flag.
    onSuccess: (_document, { collectionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: datastoreKeys.collection(collectionId) }),
        queryClient.invalidateQueries({ queryKey: datastoreKeys.collectionLists() }),
      ]),
  });
};
