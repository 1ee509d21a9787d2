import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dataFileAccess,
  filesetAccess,
  type DataFileOperation,
  type FilesetOperation,
} from '../contract/file-access';
import type { AccessDecision } from '../contract/access';
import { path, request } from '../http';
import type { DatasetPermission } from './get-dataset-access';
import { accessKeys } from './keys';

/** Query keys of the file abilities, under the access area's. */
export const fileAccessKeys = {
  dataFile: (dataFileId: number) => [...accessKeys.all, 'data-file', dataFileId] as const,
  fileset: (filesetId: string) => [...accessKeys.all, 'fileset', filesetId] as const,
};

/** `GET /api/access/v1/data-files/{id}`: what the caller may do with one data file. */
export const getDataFileAccess = (dataFileId: number, signal?: AbortSignal) =>
  request({
    path: path`/api/access/v1/data-files/${String(dataFileId)}`,
    schema: dataFileAccess,
    signal,
  });

/** `GET /api/access/v1/filesets/{id}`: what the caller may do with one fileset. */
export const getFilesetAccess = (filesetId: string, signal?: AbortSignal) =>
  request({ path: path`/api/access/v1/filesets/${filesetId}`, schema: filesetAccess, signal });

// Every guarded action observes these: a failed answer is not asked again by each one that mounts.
export const dataFileAccessQueryOptions = (dataFileId: number) =>
  queryOptions({
    queryKey: fileAccessKeys.dataFile(dataFileId),
    queryFn: ({ signal }) => getDataFileAccess(dataFileId, signal),
    staleTime: 60_000,
    retryOnMount: false,
  });
export const filesetAccessQueryOptions = (filesetId: string) =>
  queryOptions({
    queryKey: fileAccessKeys.fileset(filesetId),
    queryFn: ({ signal }) => getFilesetAccess(filesetId, signal),
    staleTime: 60_000,
    retryOnMount: false,
  });

/** Why not, in words for a tooltip: what the platform says is needed (gaps.md). */
const reasons = {
  'data file': 'You need to be its responsible user or have the Admin role',
  fileset: 'You need to own this fileset or have the Admin role',
};

function permissionOf(
  answer: { data?: { operations: Record<string, AccessDecision> }; isError: boolean },
  operation: string,
  what: keyof typeof reasons,
): DatasetPermission {
  // A real instance has no such endpoint (ours, gaps.md): without an answer the platform decides.
  if (answer.isError) return { allowed: true };
  if (!answer.data) return { allowed: false, reason: 'Checking your access…' };
  const decision = answer.data.operations[operation];
  if (!decision || decision.allowed) return { allowed: true };
  return {
    allowed: false,
    reason: decision.needed ? reasons[what] : `You may not do this with this ${what}`,
  };
}

/** Whether the caller may take one operation on a data file, and if not, what it needs. */
export function useDataFilePermission(
  dataFileId: number,
  operation: DataFileOperation,
): DatasetPermission {
  const answer = useQuery({ ...dataFileAccessQueryOptions(dataFileId), enabled: dataFileId > 0 });
  return permissionOf(answer, operation, 'data file');
}

/** Whether the caller may take one operation on a fileset, and if not, what it needs. */
export function useFilesetPermission(
  filesetId: string | undefined,
  operation: FilesetOperation,
): DatasetPermission {
  const answer = useQuery({
    ...filesetAccessQueryOptions(filesetId ?? ''),
    enabled: Boolean(filesetId),
  });
  return permissionOf(answer, operation, 'fileset');
}
