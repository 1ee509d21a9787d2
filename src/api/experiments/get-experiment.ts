import { queryOptions, useQuery } from '@tanstack/react-query';
import { experiment, type Experiment } from '../contract/experiments';
import { request } from '../http';
import { experimentKeys } from './keys';
import { experimentApiPath } from './path';

/** How often a queued or running experiment, and the page of its results on screen, is read. */
export const EXPERIMENT_POLL_MS = 1_000;

export const isExperimentActive = (e: Pick<Experiment, 'state'> | undefined) =>
  e?.state === 'QUEUED' || e?.state === 'RUNNING';

/** `GET /api/ai/v1/experiments/{id}`: its settings, progress and summary per variant. */
export const getExperiment = (id: string, signal?: AbortSignal) =>
  request({ path: experimentApiPath(id), schema: experiment, signal });

/** Polls while the experiment is queued or running, and stops once it has ended. */
export const experimentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: experimentKeys.detail(id),
    queryFn: ({ signal }) => getExperiment(id, signal),
    refetchInterval: (query) => (isExperimentActive(query.state.data) ? EXPERIMENT_POLL_MS : false),
  });

export const useExperiment = (id: string) => useQuery(experimentQueryOptions(id));
