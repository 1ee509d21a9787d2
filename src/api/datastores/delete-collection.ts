import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Collection } from '../contract/datastores';
import { path, request } from '../http';
import { datastoreKeys } from './keys';

export const deleteCollectionInput = z.object({ collectionId: z.string().min(1) });
export type DeleteCollectionInput = z.infer<typeof deleteCollectionInput>;

/**
 * gaps.md: `DELETE /api/datastores/v1/collections/{id}` deletes it with its documents and answers
 * 200; the body is not part of the contract (the embedded platform sends the deleted collection).
 */
export const deleteCollection = ({ collectionId }: DeleteCollectionInput) =>
  request({
    method: 'DELETE',
    path: path`/api/datastores/v1/collections/${collectionId}`,
    schema: z.unknown(),
  });

/**
 * The deleted collection's own queries are left to the caller, which removes them once it has
 * navigated away: removing them under a mounted page would fetch them again (and get a 404).
 */
export const useDeleteCollection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (_answer, { collectionId }) => {
      // It leaves every cached list at once: a list shown before the new one arrives would ask
      // for the deleted collection's document count, and get a 404.
      queryClient.setQueriesData<Collection[]>(
        { queryKey: datastoreKeys.collectionLists() },
        (list) => (Array.isArray(list) ? list.filter((c) => c.id !== collectionId) : list),
      );
      return queryClient.invalidateQueries({ queryKey: datastoreKeys.collectionLists() });
    },
  });
};
