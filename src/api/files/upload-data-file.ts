import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadDataFileResult } from '../contract/files';
import { ApiError } from '../errors';
import { dataFileKeys } from './keys';

export const uploadDataFileInput = z.object({
  file: z.instanceof(Blob),
  name: z.string().trim().min(1, 'A data file needs a name').max(255),
  description: z.string().max(4000).optional(),
});
export type UploadDataFileInput = z.infer<typeof uploadDataFileInput>;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * gaps.md: `POST /api/data/v1/data-files?name=&description=` with the file's bytes as the raw
 * body (not multipart), answered with `{dataFileId}`. `request()` speaks JSON only, so this one
 * endpoint sends its body itself; errors and the answer go through the same ApiError and contract.
 */
export async function uploadDataFile(input: UploadDataFileInput): Promise<{ dataFileId: number }> {
  const { file, name, description } = uploadDataFileInput.parse(input);
  const params = new URLSearchParams({ name });
  if (description) params.set('description', description);
  const target = '/api/data/v1/data-files';
  const label = `POST ${target}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${target}?${params.toString()}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': file.type || 'text/csv' },
      // The bytes rather than the Blob: every fetch (browsers, Node's, test environments) sends them as they are.
      body: await file.arrayBuffer(),
    });
    text = await res.text();
  } catch {
    throw ApiError.network(label);
  }
  const body = text.trim() === '' ? undefined : parseJson(text);
  if (!res.ok) throw ApiError.fromResponse(res, body, label);
  const parsed = uploadDataFileResult.safeParse(body);
  if (!parsed.success) throw ApiError.contract(label, 'expected {dataFileId}');
  return parsed.data;
}

export const useUploadDataFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDataFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataFileKeys.lists() }),
  });
};
