import { dataFileFor } from '../access/data-files';
import { recordEvent } from '../audit/record';
import { notFound } from '../core/errors';
import type { PlatformDeps } from '../core/context';
import type { Db } from '../store';
import { dataFileId } from './repository';

/**
 * Deletes one revision of a data file, as `userId` (its responsible user or an Admin, the
 * `delete` operation of access/data-files.ts). The newest remaining revision becomes current;
 * deleting the last one deletes the file (gaps.md). Bytes in the file store go once the rows are gone.
 */
export async function deleteRevision(
  { db, files }: Pick<PlatformDeps, 'db' | 'files'>,
  userId: number,
  fileId: string,
  revisionId: string,
): Promise<{ fileDeleted: boolean }> {
  const file = await dataFileFor(db, userId, fileId, 'delete');
  const { storedKey, fileDeleted } = await db.transaction(async (tx) => {
    const [gone] = await tx.query<{ stored_key: string | null }>(
      'DELETE FROM data_file_revisions WHERE data_file_id = $1 AND id = $2 RETURNING stored_key',
      [file.id, dataFileId(revisionId)],
    );
    if (!gone) throw notFound(`No revision ${revisionId} of data file ${file.id}`);
    const [left] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data_file_revisions WHERE data_file_id = $1',
      [file.id],
    );
    const last = (left?.n ?? 0) === 0;
    if (last) await tx.query('DELETE FROM data_files WHERE id = $1', [file.id]);
    await recordEvent(
      tx,
      userId,
      'data-file.revision-deleted',
      { type: 'data-file', id: String(file.id), name: file.name },
      last
        ? { revision: [revisionId, undefined], file: [file.name, undefined] }
        : { revision: [revisionId, undefined] },
    );
    return { storedKey: gone.stored_key, fileDeleted: last };
  });
  // A store that fails now leaves an object no row names: the answer is still the row's.
  if (storedKey) await files.delete(storedKey).catch(() => undefined);
  return { fileDeleted };
}

/**
 * Who may use a data file (gaps.md): the platform has no sharing of data files, so its
 * permissions are its responsible user's, read-only; Admins use every file besides.
 */
export async function filePermissions(db: Db, userId: number, fileId: string) {
  const file = await dataFileFor(db, userId, fileId, 'read');
  return {
    publicAccess: false,
    entries: [
      {
        id: String(file.responsible_user_id),
        type: 'USER',
        permissions: ['READ', 'WRITE', 'DELETE'],
      },
    ],
  };
}
