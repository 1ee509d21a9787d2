/** Query keys of text generation: the models, and the sessions with their runs. */
export const generationKeys = {
  all: ['generation'] as const,
  models: () => [...generationKeys.all, 'models'] as const,
  sessions: () => [...generationKeys.all, 'sessions'] as const,
  session: (sessionId: string) => [...generationKeys.sessions(), sessionId] as const,
};
