import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflow } from '../contract/workflows';
import { path, request } from '../http';
import { workflowKeys } from './keys';

/** gaps.md: `GET /v1/workflows/{id}`; 404 when unknown or not visible to the token's user. */
export const getWorkflow = (id: string, signal?: AbortSignal) =>
  request({ path: path`/v1/workflows/${id}`, schema: workflow, signal });

export const workflowQueryOptions = (id: string) =>
  queryOptions({
    queryKey: workflowKeys.detail(id),
    queryFn: ({ signal }) => getWorkflow(id, signal),
  });

export const useWorkflow = (id: string | undefined) =>
  useQuery({ ...workflowQueryOptions(id ?? ''), enabled: id !== undefined && id !== '' });
