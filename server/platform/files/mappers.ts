import type { FileMetadata, FileRevision } from '../../../src/api/contract';
import type { DataFileRow, RevisionRow } from './repository';

export const toFileRevision = (r: RevisionRow): FileRevision => ({
  dataFileRevisionId: r.id,
  dataFileId: r.data_file_id,
  contentType: r.content_type,
  uploadUserId: r.upload_user_id,
  sizeBytes: r.size_bytes,
  uploadTimeMillis: r.upload_time_millis,
  md5Hash: r.md5_hash,
  datetimeUploaded: r.datetime_uploaded,
  scanState: r.scan_state,
  sha256HashValue: r.sha256_hash,
});

export type Expand = Set<'revisions' | 'metadata'>;

/** 2.7: `currentRevision` with either expand value, `revisions` (newest first) with `revisions`. */
export function toFileMetadata(
  file: DataFileRow,
  revisions: RevisionRow[],
  expand: Expand,
): FileMetadata {
  const current = revisions[0];
  return {
    dataFileId: file.id,
    name: file.name,
    description: file.description,
    responsibleUserId: file.responsible_user_id,
    datetimeCreated: file.datetime_created,
    existing: file.existing,
    ...(expand.size > 0 && current ? { currentRevision: toFileRevision(current) } : {}),
    ...(expand.has('revisions') ? { revisions: revisions.map(toFileRevision) } : {}),
  };
}

/**
 * Who may use a data file (gaps.md): the platform has no sharing of data files, so its
 * permissions are its responsible user's, read-only; Admins use every file besides.
 */
export const toFilePermissions = (file: DataFileRow) => ({
  publicAccess: false,
  entries: [
    {
      id: String(file.responsible_user_id),
      type: 'USER',
      permissions: ['READ', 'WRITE', 'DELETE'],
    },
  ],
});
