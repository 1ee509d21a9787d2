import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import { PlatformError, badRequest } from './errors';

export interface UploadedPart {
  bytes: Uint8Array;
  contentType: string;
  filename: string | undefined;
}

export const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\s*;/i.test(contentType ?? '');

/**
 * The bytes and content type of one named file part of a `multipart/form-data` body, the other
 * text fields alongside; at most `limit` bytes of file (413 past that). Nothing of the envelope
 * (boundaries, part headers) is kept.
 */
export function readMultipart(
  c: Context,
  options: { part: string; limit: number },
): Promise<{ file: UploadedPart; fields: Record<string, string> }> {
  const body = c.req.raw.body;
  if (!body)
    return Promise.reject(badRequest(`body: a multipart part "${options.part}" is required`));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': c.req.header('content-type') ?? '' },
        limits: { fileSize: options.limit, files: 4, fields: 16, fieldSize: 64 * 1024 },
      });
    } catch (error) {
      reject(badRequest(`body: not a multipart body (${(error as Error).message})`));
      return;
    }
    const fields: Record<string, string> = {};
    let file: UploadedPart | undefined;
    let failure: Error | undefined;
    parser.on('file', (name, stream, info) => {
      if (name !== options.part || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = new PlatformError(413, `the file is larger than ${options.limit} bytes`);
      });
      stream.on('end', () => {
        file = {
          bytes: Buffer.concat(chunks),
          contentType: info.mimeType || 'application/octet-stream',
          filename: info.filename,
        };
      });
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('error', (error: Error) =>
      reject(badRequest(`body: the multipart body cannot be read (${error.message})`)),
    );
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!file) reject(badRequest(`body: a multipart part "${options.part}" is required`));
      else resolve({ file, fields });
    });
    Readable.fromWeb(body as import('node:stream/web').ReadableStream).pipe(parser);
  });
}
