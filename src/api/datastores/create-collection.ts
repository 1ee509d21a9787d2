import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { collection, createCollectionBody } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

export const createCollectionInput = createCollectionBody.extend({
  datastoreId: z.string().min(1),
});
export type CreateCollectionInput = z.infer<typeof createCollectionInput>;

/** gaps.md: `POST /api/datastores/v1/{datastoreId}/collections` `{name, schema?, syncEnabled?}`. */
export const createCollection = ({ datastoreId, ...body }: CreateCollectionInput) =>
  request({
    method: 'POST',
    path: path`/api/datastores/v1/${datastoreId}/collections`,
    body,
    schema: collection,
  });

export const useCreateCollection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: (created) => {
      queryClient.setQueryData(datastoreKeys.collection(created.id), created);
      return queryClient.invalidateQueries({ queryKey: datastoreKeys.collectionLists() });
    },
  });
};
