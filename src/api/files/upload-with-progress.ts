import type { z } from 'zod';
import { ApiError } from '../errors';

export interface UploadProgress {
  loaded: number;
  /** Undefined when the browser cannot tell the body's length. */
  total: number | undefined;
}

export interface DataFileUploadOptions<S extends z.ZodType> {
  method: 'POST' | 'PUT';
  /** A same-origin path with its query, built with `path` and URLSearchParams. */
  url: string;
  file: Blob;
  schema: S;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const parseJson = (text: string): unknown => {
  try {
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
};

/**
 * Sends a data file's bytes as the raw body (gaps.md) through XMLHttpRequest, because fetch
 * reports no upload progress. Errors and the answer go through the same ApiError and contract
 * as `request()`.
 */
export async function uploadDataFileWithProgress<S extends z.ZodType>({
  method,
  url,
  file,
  schema,
  onProgress,
  signal,
}: DataFileUploadOptions<S>): Promise<z.output<S>> {
  const label = `${method} ${url.split('?')[0]}`;
  // The bytes rather than the Blob: every XMLHttpRequest (browsers, test environments) sends them as they are.
  const bytes = await file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) =>
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onerror = () => reject(ApiError.network(label));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(
          ApiError.fromResponse({ status: xhr.status, statusText: xhr.statusText }, body, label),
        );
        return;
      }
      const parsed = schema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(ApiError.contract(label, parsed.error.issues[0]?.message ?? 'invalid body'));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(bytes);
  });
}
