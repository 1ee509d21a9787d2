import { queryOptions, useQuery } from '@tanstack/react-query';
import { generationSession, generationSessionList } from '../contract/generation';
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

/** A session nobody has run yet has no history: empty, not an error. */
export const generationSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: generationKeys.session(sessionId),
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
