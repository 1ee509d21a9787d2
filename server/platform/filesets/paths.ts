import { FILE_QUERY_LIMITS } from '../../../src/api/contract';
import { badRequest } from '../core/errors';

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const controlCharacter = /[\u0000-\u001f\u007f]/;
export const MAX_NAME_CHARS = 255;

/**
 * A directory as a prefix of file paths: `"/manuals/widget/"` → `"manuals/widget/"`; the root
 * (`""`, `"/"`) is `""`. Paths are stored without a leading slash.
 */
export function directoryPrefix(raw: string | undefined, field: string): string {
  const trimmed = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (controlCharacter.test(trimmed))
    throw badRequest(`${field}: control characters are not allowed`);
  const segments = trimmed.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..'))
    throw badRequest(`${field}: empty, "." and ".." segments are not allowed`);
  return `${trimmed}/`;
}

/** `pathPrefixFilter`: any start of a path, not only a whole directory. */
export function pathPrefix(raw: string | undefined, field: string): string {
  const prefix = (raw ?? '').replace(/^\/+/, '');
  if (controlCharacter.test(prefix))
    throw badRequest(`${field}: control characters are not allowed`);
  return prefix;
}

/** The file's name as its part sent it, without any folder a browser may have put in front. */
export function fileName(raw: string | undefined): string {
  const name = (raw ?? '').split(/[\\/]/).pop()!.trim();
  if (name === '' || name === '.' || name === '..')
    throw badRequest('file: the part needs a file name (Content-Disposition filename)');
  if (name.length > MAX_NAME_CHARS)
    throw badRequest(`file: the file name is longer than ${MAX_NAME_CHARS} characters`);
  if (controlCharacter.test(name))
    throw badRequest('file: control characters are not allowed in the file name');
  return name;
}

export function filePath(directory: string, name: string) {
  const path = directory + name;
  if (path.length > FILE_QUERY_LIMITS.pathChars)
    throw badRequest(`file: the path is longer than ${FILE_QUERY_LIMITS.pathChars} characters`);
  return path;
}

/** The `next` cursor of a file listing: opaque to clients, the last path listed. */
export const encodeCursor = (lastPath: string) =>
  Buffer.from(JSON.stringify({ after: lastPath })).toString('base64url');

export function decodeCursor(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const after = (value as { after?: unknown }).after;
    if (typeof after === 'string' && after.length <= FILE_QUERY_LIMITS.pathChars) return after;
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('next: not a cursor of this listing (pass pageContext.next as it came)');
}
