import type { z } from 'zod';
import { uploadWithProgress, type UploadProgress } from '../upload-with-progress';

export type { UploadProgress };

export interface DataFileUploadOptions<S extends z.ZodType> {
  method: 'POST' | 'PUT';
  /** A same-origin path with its query, built with `path` and URLSearchParams. */
  url: string;
  file: Blob;
  schema: S;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** A data file's bytes as the raw body (gaps.md), with upload progress. */
export async function uploadDataFileWithProgress<S extends z.ZodType>({
  method,
  url,
  file,
  ...rest
}: DataFileUploadOptions<S>): Promise<z.output<S>> {
  return uploadWithProgress({
    method,
    path: url,
    // The bytes rather than the Blob: every XMLHttpRequest (browsers, test environments) sends them as they are.
    body: await file.arrayBuffer(),
    contentType: file.type || 'application/octet-stream',
    ...rest,
  });
}
