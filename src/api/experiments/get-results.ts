import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { experimentResults } from '../contract/experiments';
import { request } from '../http';
import { EXPERIMENT_POLL_MS } from './get-experiment';
import { experimentKeys, type ResultsParams } from './keys';
import { experimentApiPath } from './path';

/** `GET /api/ai/v1/experiments/{id}/results`: a page of cases with every variant's cell. */
export const getExperimentResults = (id: string, params: ResultsParams, signal?: AbortSignal) =>
  request({
    path: `${experimentApiPath(id)}/results`,
    query: { ...params },
    schema: experimentResults,
    signal,
  });

/**
 * The page keeps its rows while the next one loads; `live` (the experiment is queued or running)
 * reads the page on screen again every second, as its cells fill in.
 */
export const experimentResultsQueryOptions = (id: string, params: ResultsParams, live: boolean) =>
  queryOptions({
    queryKey: experimentKeys.results(id, params),
    queryFn: ({ signal }) => getExperimentResults(id, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live ? EXPERIMENT_POLL_MS : false,
  });

export const useExperimentResults = (
  id: string,
  params: ResultsParams,
  { live = false, enabled = true }: { live?: boolean; enabled?: boolean } = {},
) => useQuery({ ...experimentResultsQueryOptions(id, params, live), enabled });
