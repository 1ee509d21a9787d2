import type { FileStoreConfig } from '../../../config';
import { LocalFileStore } from './local';
import { S3FileStore } from './s3';
import type { FileStore } from './store';

/** The contract every file store keeps (store.ts), as the rest of the platform imports it. */
export * from './store';

/** The store FILE_STORE names: the local disk under `dataDir`, or the S3 bucket. */
export function openFileStore(config: FileStoreConfig, dataDir: string): FileStore {
  return config.kind === 's3' ? new S3FileStore(config) : new LocalFileStore(dataDir);
}
