import { queryOptions, useQuery } from '@tanstack/react-query';
import { experimentList } from '../contract/experiments';
import { request } from '../http';
import { isExperimentActive } from './get-experiment';
import { experimentKeys } from './keys';
import { EXPERIMENTS_PATH } from './path';

const LIST_POLL_MS = 3_000;

/** `GET /api/ai/v1/experiments`: the caller's experiments (an Admin's: everyone's), newest first. */
export const getExperiments = (signal?: AbortSignal) =>
  request({ path: EXPERIMENTS_PATH, schema: experimentList, signal });

/** Read again every few seconds while one of them is queued or running. */
export const experimentsQueryOptions = () =>
  queryOptions({
    queryKey: experimentKeys.list(),
    queryFn: ({ signal }) => getExperiments(signal),
    refetchInterval: (query) => (query.state.data?.some(isExperimentActive) ? LIST_POLL_MS : false),
  });

export const useExperiments = () => useQuery(experimentsQueryOptions());
