import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateExportBody, ExportRecord } from '../contract/exports';
import { exportRecord } from '../contract/exports';
import { path, request } from '../http';
import { exportHistoryQueryOptions } from './get-export-history';
import { exportKeys } from './keys';

export interface CreateExportInput {
  datasetId: string;
  body: CreateExportBody;
}

/** 4.6 Create Export. The body carries the bucket's secrets: it is sent once and never kept. */
export const createExport = ({ datasetId, body }: CreateExportInput) =>
  request({
    method: 'POST',
    path: path`/api/query/v1/export/${datasetId}`,
    body,
    schema: exportRecord,
  });

/**
 * Rule 4.6a: the answer is a new export, or one the platform returned instead (one still running,
 * or the last success on unchanged data). The history read just before the call tells them apart:
 * an export id already in it was returned, not started. A new record is always `running`.
 */
export function answerKind(
  answer: ExportRecord,
  before: ExportRecord[],
): 'started' | 'running' | 'unchanged' {
  const known = before.some((r) => r.exportId === answer.exportId);
  if (answer.exportStatus !== 'running') return 'unchanged';
  return known ? 'running' : 'started';
}

export type CreateExportResult = { record: ExportRecord; kind: ReturnType<typeof answerKind> };

/** Pessimistic: an export has side effects, so the form waits for the platform's answer. */
export const useCreateExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateExportInput): Promise<CreateExportResult> => {
      const before = await queryClient.fetchQuery({
        ...exportHistoryQueryOptions(input.datasetId),
        staleTime: 0,
      });
      const record = await createExport(input);
      return { record, kind: answerKind(record, before) };
    },
    onSuccess: (_result, { datasetId }) =>
      queryClient.invalidateQueries({ queryKey: exportKeys.history(datasetId) }),
  });
};
