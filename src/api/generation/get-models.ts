import { queryOptions, useQuery } from '@tanstack/react-query';
import { generationModels } from '../contract/generation';
import { request } from '../http';
import { generationKeys } from './keys';

/** gaps.md: the models configured for the generation service. */
export const getGenerationModels = (signal?: AbortSignal) =>
  request({
    path: '/api/ai/v1/settings/services/generation/models',
    schema: generationModels,
    signal,
  });

export const generationModelsQueryOptions = () =>
  queryOptions({
    queryKey: generationKeys.models(),
    queryFn: ({ signal }) => getGenerationModels(signal),
    staleTime: 5 * 60_000,
  });

export const useGenerationModels = () => useQuery(generationModelsQueryOptions());
