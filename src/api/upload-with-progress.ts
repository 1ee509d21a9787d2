import type { z } from 'zod';
import { ApiError } from './errors';

export interface UploadProgress {
  loaded: number;
  /** Undefined when the browser cannot tell the body's length. */
  total: number | undefined;
}

export interface UploadOptions<S extends z.ZodType> {
  method?: 'POST' | 'PUT';
  /** A same-origin path built with `path`, with its query when it has one. */
  path: string;
  /** A multipart form, or raw bytes sent with `contentType`. */
  body: FormData | ArrayBuffer;
  contentType?: string;
  schema: S;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const parseJson = (text: string): unknown => {
  try {
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * An upload that reports how much of the body has gone: fetch has no upload progress, so this one
 * helper speaks XMLHttpRequest. Errors and the answer go through ApiError and the schema like
 * every other request.
 */
export function uploadWithProgress<S extends z.ZodType>({
  method = 'POST',
  path: target,
  body,
  contentType,
  schema,
  onProgress,
  signal,
}: UploadOptions<S>): Promise<z.output<S>> {
  const label = `${method} ${target.split('?')[0]}`;
  const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open(method, target);
    xhr.setRequestHeader('Accept', 'application/json');
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.addEventListener('progress', (event) =>
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      }),
    );
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(
          ApiError.fromResponse({ status: xhr.status, statusText: xhr.statusText }, body, label),
        );
      const parsed = schema.safeParse(body);
      if (!parsed.success) return reject(ApiError.contract(label, 'unexpected answer'));
      resolve(parsed.data);
    });
    xhr.addEventListener('error', () => reject(ApiError.network(label)));
    xhr.addEventListener('abort', () =>
      reject(signal?.aborted ? aborted() : ApiError.network(label)),
    );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
