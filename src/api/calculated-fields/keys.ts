import type { QueryClient } from '@tanstack/react-query';
import type { CalculatedFieldSearch } from './params';

/**
 * Query keys of calculated fields, from general to specific: `all` covers every search page,
 * the statistics and every field read on its own, so one invalidation refreshes the screen.
 */
export const calculatedFieldKeys = {
  all: ['calculated-fields'] as const,
  searches: () => [...calculatedFieldKeys.all, 'search'] as const,
  search: (search: CalculatedFieldSearch) => [...calculatedFieldKeys.searches(), search] as const,
  statistics: () => [...calculatedFieldKeys.all, 'statistics'] as const,
  details: () => [...calculatedFieldKeys.all, 'detail'] as const,
  detail: (id: number) => [...calculatedFieldKeys.details(), id] as const,
};

/** After any write to a field: its lock or expression shows in searches, statistics and detail. */
export const invalidateCalculatedFields = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: calculatedFieldKeys.all });
