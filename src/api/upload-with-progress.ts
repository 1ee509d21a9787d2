import type { z } from 'zod';
import { ApiError } from './errors';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions<S extends z.ZodType> {
  /** A same-origin path built with `path`. */
  path: string;
  form: FormData;
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
 * A multipart POST that reports how much of the body has gone: fetch has no upload progress, so
 * this one helper speaks XMLHttpRequest. Errors and the answer go through ApiError and the schema
 * like every other request.
 */
export function uploadWithProgress<S extends z.ZodType>({
  path: target,
  form,
  schema,
  onProgress,
  signal,
}: UploadOptions<S>): Promise<z.output<S>> {
  const label = `POST ${target}`;
  const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
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
    xhr.addEventListener('abort', () => reject(signal?.aborted ? aborted() : ApiError.network(label)));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
