import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflowList } from '../contract/workflows';
import { request } from '../http';
import { workflowKeys } from './keys';

/** gaps.md: `GET /v1/workflows`, every workflow the token's user may see. */
export const getWorkflows = (signal?: AbortSignal) =>
  request({ path: '/v1/workflows', schema: workflowList, signal });

export const workflowsQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.list(),
    queryFn: ({ signal }) => getWorkflows(signal),
  });

export const useWorkflows = () => useQuery(workflowsQueryOptions());
