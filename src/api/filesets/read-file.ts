import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../errors';
import { path } from '../http';
import { filesetKeys } from './keys';

/** A text file shows at most its first 200 KB; the rest is for the download. */
export const FILE_PREVIEW_BYTES = 200 * 1024;

const textTypes = /^(text\/|application\/(json|xml|x-yaml|yaml|csv|x-ndjson)\b)/i;
export const isTextContent = (contentType: string) => textTypes.test(contentType);

/** platform-gaps.md: `GET …/filesets/{id}/files/{fileId}/download`, the bytes as uploaded. */
export const fileDownloadPath = (filesetId: string, fileId: string) =>
  path`/api/files/v1/filesets/${filesetId}/files/${fileId}/download`;

export interface FilePreview {
  text: string;
  truncated: boolean;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Reads up to the preview's bound of the file and stops there, whatever its size. */
export async function readFilePreview(
  filesetId: string,
  fileId: string,
  signal?: AbortSignal,
): Promise<FilePreview> {
  const target = fileDownloadPath(filesetId, fileId);
  const label = `GET ${target}`;
  let res: Response;
  try {
    res = await fetch(target, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw ApiError.network(label);
  }
  if (!res.ok) throw ApiError.fromResponse(res, parseJson(await res.text()), label);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  while (reader && size <= FILE_PREVIEW_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  if (reader && size > FILE_PREVIEW_BYTES) await reader.cancel();
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const truncated = size > FILE_PREVIEW_BYTES;
  const text = new TextDecoder().decode(bytes.subarray(0, FILE_PREVIEW_BYTES));
  return { text, truncated };
}

export const filePreviewQueryOptions = (filesetId: string, fileId: string) =>
  queryOptions({
    queryKey: filesetKeys.content(filesetId, fileId),
    queryFn: ({ signal }) => readFilePreview(filesetId, fileId, signal),
    staleTime: 60_000,
  });

export const useFilePreview = (filesetId: string, fileId: string | undefined, enabled: boolean) =>
  useQuery({
    ...filePreviewQueryOptions(filesetId, fileId ?? ''),
    enabled: enabled && Boolean(fileId),
  });
