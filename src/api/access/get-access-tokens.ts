import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessTokenList, type AccessTokenListParams } from '../contract/access';
import { request } from '../http';
import { accessKeys } from './keys';

/** `GET /api/data/v1/accesstokens`: an admin sees every token; a Workflow API holder their own. */
export const getAccessTokens = (params: AccessTokenListParams, signal?: AbortSignal) =>
  request({
    path: '/api/data/v1/accesstokens',
    query: { ownerId: params.ownerId, kind: params.kind },
    schema: accessTokenList,
    signal,
  });

export const accessTokensQueryOptions = (params: AccessTokenListParams) =>
  queryOptions({
    queryKey: accessKeys.tokens(params),
    queryFn: ({ signal }) => getAccessTokens(params, signal),
  });

export const useAccessTokens = (params: AccessTokenListParams, { enabled = true } = {}) =>
  useQuery({ ...accessTokensQueryOptions(params), enabled });
