import type { AccessTokenListParams, ConsoleSessionListParams } from '../contract/access';

/**
 * Query keys of the access area (whose token, users, roles, tokens, console sessions, abilities),
 * general to specific.
 */
export const accessKeys = {
  all: ['access'] as const,
  me: () => [...accessKeys.all, 'me'] as const,
  users: () => [...accessKeys.all, 'users'] as const,
  roles: () => [...accessKeys.all, 'roles'] as const,
  tokenLists: () => [...accessKeys.all, 'tokens'] as const,
  tokens: (params: AccessTokenListParams) => [...accessKeys.tokenLists(), params] as const,
  consoleSessionLists: () => [...accessKeys.all, 'console-sessions'] as const,
  consoleSessions: (params: ConsoleSessionListParams) =>
    [...accessKeys.consoleSessionLists(), params] as const,
  datasets: () => [...accessKeys.all, 'dataset'] as const,
  dataset: (datasetId: string) => [...accessKeys.datasets(), datasetId] as const,
  collections: () => [...accessKeys.all, 'collection'] as const,
  collection: (collectionId: string) => [...accessKeys.collections(), collectionId] as const,
};
