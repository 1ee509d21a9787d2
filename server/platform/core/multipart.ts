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

const FIELD_BYTES = 64 * 1024;

/**
 * The bytes and content type of one named file part of a `multipart/form-data` body, the other
 * text fields alongside; at most `limit` bytes of file (413 past that). Nothing of the envelope
 * (boundaries, part headers) is kept. Parts named in `textParts` are read as text fields even
 * when sent as files (a browser's `FormData` sends a JSON `Blob` with a file name).
 */
export function readMultipart(
  c: Context,
  options: { part: string; limit: number; textParts?: string[] },
): Promise<{ file: UploadedPart; fields: Record<string, string> }> {
  const body = c.req.raw.body;
  if (!body)
    return Promise.reject(badRequest(`body: a multipart part "${options.part}" is required`));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': c.req.header('content-type') ?? '' },
        limits: { fileSize: options.limit, files: 4, fields: 16, fieldSize: FIELD_BYTES },
      });
    } catch (error) {
      reject(badRequest(`body: not a multipart body (${(error as Error).message})`));
      return;
    }
    const fields: Record<string, string> = {};
    let file: UploadedPart | undefined;
    let failure: Error | undefined;
    parser.on('file', (name, stream, info) => {
      if (options.textParts?.includes(name) && !(name in fields)) {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size <= FIELD_BYTES) chunks.push(chunk);
          else
            failure ??= badRequest(`body: the part "${name}" is larger than ${FIELD_BYTES} bytes`);
        });
        stream.on('end', () => {
          fields[name] = Buffer.concat(chunks).toString('utf8');
        });
        return;
      }
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
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        failure ??= badRequest(`body: the part "${name}" is larger than ${FIELD_BYTES} bytes`);
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
