import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { account } from '../contract/streams';
import { request } from '../http';
import { streamKeys } from './keys';

/** The accounts a stream can use; an account's `type` names the connector it serves. */
export const getAccounts = (signal?: AbortSignal) =>
  request({ path: '/api/data/v1/accounts', schema: z.array(account), signal });

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: streamKeys.accounts(),
    queryFn: ({ signal }) => getAccounts(signal),
  });

export const useAccounts = () => useQuery(accountsQueryOptions());
