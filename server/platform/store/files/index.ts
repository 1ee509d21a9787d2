import type { FileStoreConfig } from '../../../config';
import { LocalFileStore } from './local';
import type { FileStore } from './store';

/** The contract every file store keeps (store.ts), as the rest of the platform imports it. */
export * from './store';

/**
 * The store FILE_STORE names: the local disk under `dataDir`, or the S3 bucket. The S3 SDK is
 * loaded only for the bucket (about 28 MiB a process that keeps its files on disk never holds).
 */
export async function openFileStore(config: FileStoreConfig, dataDir: string): Promise<FileStore> {
  if (config.kind !== 's3') return new LocalFileStore(dataDir);
  const { S3FileStore } = await import('./s3');
  return new S3FileStore(config);
}
