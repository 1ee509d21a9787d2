import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  calculatedField,
  calculatedFieldSearchResult,
  type CalculatedField,
} from '../contract/calculated-fields';
import { path, request } from '../http';
import { calculatedFieldKeys, invalidateCalculatedFields } from './keys';

type SearchResult = z.infer<typeof calculatedFieldSearchResult>;

/** Spec 4.4: `PUT .../functions/template/{id}` with `{locked}`; the field comes back. */
export const setCalculatedFieldLocked = (id: number, locked: boolean, signal?: AbortSignal) =>
  request({
    method: 'PUT',
    path: path`/api/query/v1/functions/template/${id}`,
    body: { locked },
    schema: calculatedField,
    signal,
  });

export interface SetLockedInput {
  field: Pick<CalculatedField, 'id' | 'name'>;
  locked: boolean;
}

/** Every cached copy of the field (search pages and its detail) shows `locked` at once. */
function showLocked(queryClient: QueryClient, id: number, locked: boolean) {
  queryClient.setQueriesData<SearchResult>(
    { queryKey: calculatedFieldKeys.searches() },
    (page) =>
      page && {
        ...page,
        results: page.results.map((f) => (f.id === id ? { ...f, locked } : f)),
      },
  );
  queryClient.setQueryData<CalculatedField>(
    calculatedFieldKeys.detail(id),
    (field) => field && { ...field, locked },
  );
}

/**
 * Optimistic: a lock is cheap and reversible, so the switch moves at once; when the platform
 * refuses, every cached copy goes back to what it was and the caller says why.
 */
export const useSetCalculatedFieldLocked = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, locked }: SetLockedInput) => setCalculatedFieldLocked(field.id, locked),
    onMutate: async ({ field, locked }) => {
      await queryClient.cancelQueries({ queryKey: calculatedFieldKeys.all });
      const searches = queryClient.getQueriesData<SearchResult>({
        queryKey: calculatedFieldKeys.searches(),
      });
      const detail = queryClient.getQueryData<CalculatedField>(
        calculatedFieldKeys.detail(field.id),
      );
      showLocked(queryClient, field.id, locked);
      return { searches, detail };
    },
    onError: (_error, { field }, snapshot) => {
      for (const [key, data] of snapshot?.searches ?? []) queryClient.setQueryData(key, data);
      queryClient.setQueryData(calculatedFieldKeys.detail(field.id), snapshot?.detail);
    },
    onSuccess: (updated) =>
      queryClient.setQueryData(calculatedFieldKeys.detail(updated.id), updated),
    onSettled: () => invalidateCalculatedFields(queryClient),
  });
};
