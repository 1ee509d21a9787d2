import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { calculatedFieldSearchResult } from '../contract/calculated-fields';
import { request } from '../http';
import { calculatedFieldKeys } from './keys';
import type { CalculatedFieldSearch } from './params';

export type { CalculatedFieldSearch };

/** gaps.md: `POST /api/query/v1/functions/search`, one page of fields with the total. */
export const searchCalculatedFields = (search: CalculatedFieldSearch, signal?: AbortSignal) =>
  request({
    method: 'POST',
    path: '/api/query/v1/functions/search',
    body: search,
    schema: calculatedFieldSearchResult,
    signal,
  });

export const calculatedFieldSearchQueryOptions = (search: CalculatedFieldSearch) =>
  queryOptions({
    queryKey: calculatedFieldKeys.search(search),
    queryFn: ({ signal }) => searchCalculatedFields(search, signal),
  });

/** One page of a search; the previous page stays on screen while the next one loads. */
export const useCalculatedFieldSearch = (search: CalculatedFieldSearch) =>
  useQuery({ ...calculatedFieldSearchQueryOptions(search), placeholderData: keepPreviousData });
