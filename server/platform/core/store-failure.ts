import { FileMissingError, FileStoreError } from '../store/files';
import { PlatformError } from './errors';

/**
 * A file store that fails, said without where it is: bytes a row names but the store lacks are a
 * 404, a store that cannot be reached or refuses is a 503 with its reason; anything else as it is.
 */
export function storeFailure(error: unknown, what: string): unknown {
  if (error instanceof FileMissingError)
    return new PlatformError(404, `The bytes of ${what} are missing from the file store`);
  if (error instanceof FileStoreError)
    return new PlatformError(503, `The bytes of ${what} cannot be stored or read: ${error.reason}`);
  return error;
}
