import type { QueryClient } from '@tanstack/react-query';

/** What a page of results asks for: the contract's query of `GET …/{id}/results`. */
export interface ResultsParams {
  offset: number;
  limit: number;
  variant?: number;
  scorer?: number;
  sort?: 'case' | 'score';
  direction?: 'asc' | 'desc';
  minScore?: number;
  maxScore?: number;
  state?: string;
}

/**
 * Query keys of prompt experiments, general to specific: an experiment's detail key covers its
 * pages of results, so a change to it (cancel, a cell run again) reads them all again.
 */
export const experimentKeys = {
  all: ['experiments'] as const,
  list: () => [...experimentKeys.all, 'list'] as const,
  details: () => [...experimentKeys.all, 'detail'] as const,
  detail: (id: string) => [...experimentKeys.details(), id] as const,
  results: (id: string, params: ResultsParams) =>
    [...experimentKeys.detail(id), 'results', params] as const,
  estimates: () => [...experimentKeys.all, 'estimate'] as const,
};

/** After a change to one experiment: it, its results, and the list that shows its state. */
export const invalidateExperiment = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: experimentKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: experimentKeys.list() }),
  ]);
