import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { experimentEstimate, type CreateExperimentBody } from '../contract/experiments';
import { request } from '../http';
import { experimentKeys } from './keys';
import { EXPERIMENTS_PATH } from './path';

/** `POST /api/ai/v1/experiments/estimate`: the calls and tokens the body would make; runs nothing. */
export const estimateExperiment = (body: CreateExperimentBody, signal?: AbortSignal) =>
  request({
    method: 'POST',
    path: `${EXPERIMENTS_PATH}/estimate`,
    body,
    schema: experimentEstimate,
    signal,
  });

/**
 * A read, though it is a POST: the same body gives the same estimate, so it is cached by body,
 * and the last estimate stays on screen while the next one is asked for. No body: nothing asked.
 */
export const experimentEstimateQueryOptions = (body: CreateExperimentBody | undefined) =>
  queryOptions({
    queryKey: [...experimentKeys.estimates(), body] as const,
    queryFn: ({ signal }) => estimateExperiment(body!, signal),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useExperimentEstimate = (body: CreateExperimentBody | undefined) =>
  useQuery(experimentEstimateQueryOptions(body));
