import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  generationSession,
  generationSessionList,
  type GenerationSession,
} from '../contract/generation';
import { ApiError } from '../errors';
import { path, request } from '../http';
import { generationKeys } from './keys';

/** docs/platform-gaps.md: a session's requests, in order. */
export const getGenerationSession = (sessionId: string, signal?: AbortSignal) =>
  request({
    path: path`/api/ai/v1/text/generation/sessions/${sessionId}`,
    schema: generationSession,
    signal,
  });

/** The empty histories of sessions this console just made: nothing to ask the platform for. */
const madeHere = new WeakSet<GenerationSession>();

/**
 * A session the console has just made has no run: its history is known to be empty, so it is not
 * asked for (the platform would answer 404) until a run invalidates it.
 */
export function startGenerationSession(queryClient: QueryClient, sessionId: string) {
  const empty: GenerationSession = { sessionId, runs: [] };
  madeHere.add(empty);
  queryClient.setQueryData(generationKeys.session(sessionId), empty);
}

/** A session nobody has run yet has no history: empty, not an error. */
export const generationSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: generationKeys.session(sessionId),
    staleTime: (query: { state: { data?: GenerationSession } }) =>
      query.state.data && madeHere.has(query.state.data) ? Infinity : 0,
    queryFn: async ({ signal }) => {
      try {
        return await getGenerationSession(sessionId, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { sessionId, runs: [] };
        throw error;
      }
    },
  });

export const useGenerationSession = (sessionId: string) =>
  useQuery(generationSessionQueryOptions(sessionId));

export const getGenerationSessions = (signal?: AbortSignal) =>
  request({
    path: '/api/ai/v1/text/generation/sessions',
    query: { limit: 50 },
    schema: generationSessionList,
    signal,
  });

export const useGenerationSessions = () =>
  useQuery({
    queryKey: generationKeys.sessions(),
    queryFn: ({ signal }) => getGenerationSessions(signal),
  });
