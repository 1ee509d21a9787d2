import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { calculatedFieldAccessList } from '../contract/calculated-field-access';
import { request } from '../http';
import type { DatasetPermission } from './get-dataset-access';
import { accessKeys } from './keys';

const calculatedFieldKeys = {
  all: () => [...accessKeys.all, 'calculated-fields'] as const,
  ids: (ids: readonly number[]) => [...calculatedFieldKeys.all(), ids] as const,
};

/** `GET /api/access/v1/calculated-fields?ids=…`: what the caller may do with each field. */
export const getCalculatedFieldsAccess = (ids: readonly number[], signal?: AbortSignal) =>
  request({
    path: `/api/access/v1/calculated-fields?ids=${ids.join(',')}`,
    schema: calculatedFieldAccessList,
    signal,
  });

export const calculatedFieldsAccessQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: calculatedFieldKeys.ids(ids),
    queryFn: ({ signal }) => getCalculatedFieldsAccess(ids, signal),
    staleTime: 60_000,
    retryOnMount: false,
  });

/** Who may change a calculated field, in words (server/platform/access/calculated-fields.ts). */
export const CHANGE_FIELD_REASON =
  'Only the field’s owner, an owner or co-owner of a dataset it links, or an Admin may change it';

/**
 * Whether the caller may change (edit, lock, unlock) each of `ids`: one request for a page of
 * fields. Nothing is offered before the answer; without one (a real instance has no such
 * endpoint, gaps.md) the platform decides.
 */
export function useCalculatedFieldsChange(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const { data, isError } = useQuery({
    ...calculatedFieldsAccessQueryOptions(sorted),
    enabled: sorted.length > 0,
  });
  return useCallback(
    (id: number): DatasetPermission => {
      if (isError) return { allowed: true };
      if (!data) return { allowed: false, reason: 'Checking your access…' };
      const decision = data.find((f) => f.id === id)?.operations.change;
      if (!decision) return { allowed: true };
      return decision.allowed ? { allowed: true } : { allowed: false, reason: CHANGE_FIELD_REASON };
    },
    [data, isError],
  );
}
