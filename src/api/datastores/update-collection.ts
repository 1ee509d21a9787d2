import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type Collection, collection, updateCollectionBody } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

export const updateCollectionInput = updateCollectionBody.extend({
  collectionId: z.string().min(1),
});
export type UpdateCollectionInput = z.infer<typeof updateCollectionInput>;

/** gaps.md: `PUT /api/datastores/v1/collections/{id}` changes only the fields it is sent. */
export const updateCollection = ({ collectionId, ...changes }: UpdateCollectionInput) =>
  request({
    method: 'PUT',
    path: path`/api/datastores/v1/collections/${collectionId}`,
    body: changes,
    schema: collection,
  });

/** Pessimistic: the collection's key covers its documents and sync status, which follow the schema. */
export const useUpdateCollection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCollection,
    onSuccess: (updated) => {
      queryClient.setQueryData(datastoreKeys.collection(updated.id), updated);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: datastoreKeys.collection(updated.id) }),
        queryClient.invalidateQueries({ queryKey: datastoreKeys.collectionLists() }),
      ]);
    },
  });
};

export const setSyncEnabledInput = z.object({
  collectionId: z.string().min(1),
  syncEnabled: z.boolean(),
});
export type SetSyncEnabledInput = z.infer<typeof setSyncEnabledInput>;

/** Optimistic: a cheap, reversible toggle; the previous collection comes back on an error. */
export const useSetSyncEnabled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, syncEnabled }: SetSyncEnabledInput) =>
      updateCollection({ collectionId, syncEnabled }),
    onMutate: async ({ collectionId, syncEnabled }) => {
      const key = datastoreKeys.collection(collectionId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Collection>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, syncEnabled });
      return { previous };
    },
    onError: (_error, { collectionId }, context) => {
      if (context?.previous)
        queryClient.setQueryData(datastoreKeys.collection(collectionId), context.previous);
    },
    onSettled: (_collection, _error, { collectionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: datastoreKeys.collection(collectionId) }),
        queryClient.invalidateQueries({ queryKey: datastoreKeys.collectionLists() }),
      ]),
  });
};
