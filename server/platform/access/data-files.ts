import { dataFileOperations, type DataFileOperation } from '../../../src/api/contract/file-access';
import { forbidden } from '../core/errors';
import { dataFileNotFound, getDataFile, type DataFileRow } from '../files/repository';
import type { Queryable } from '../store';
import { principalOf, type Decision, type Principal } from './policy';

export { visibleDataFileSql } from './data-file-visibility';

/**
 * Data files (issue 23), decided here and nowhere else. A data file is read by its responsible
 * user (who uploaded it) and by Admins; the platform has no sharing of data files. Its content
 * (a new revision, its name and description, deleting it) is changed by the same users. Who may
 * not read a file is not told that it exists: 404, as for an unknown id.
 */
export { dataFileOperations, type DataFileOperation };

type File = Pick<DataFileRow, 'id' | 'responsible_user_id'>;
const isResponsible = (principal: Principal, file: File) =>
  file.responsible_user_id === principal.id;

/** Who, besides Admins, may take each operation. */
const mayTake: Record<DataFileOperation, (principal: Principal, file: File) => boolean> = {
  read: isResponsible,
  revise: isResponsible,
  update: isResponsible,
  delete: isResponsible,
};
const NEEDED = 'responsible user or Admin role';
const operationWords: Record<DataFileOperation, string> = {
  read: 'read',
  revise: 'upload a new revision of',
  update: 'change the details of',
  delete: 'delete',
};

export function decideDataFile(
  principal: Principal,
  file: File,
  operation: DataFileOperation,
): Decision {
  if (principal.role === 'Admin') return { allowed: true };
  if (!mayTake.read(principal, file)) return { allowed: false, status: 404 };
  if (mayTake[operation](principal, file)) return { allowed: true };
  return { allowed: false, status: 403, needed: NEEDED };
}

/**
 * The guard of every data-file path (routes, a stream's connector): the file, or 404 when the
 * user may not see it, or 403 naming what is needed.
 */
export async function dataFileFor(
  db: Queryable,
  userId: number,
  id: string | number,
  operation: DataFileOperation,
): Promise<DataFileRow> {
  const file = await getDataFile(db, id);
  const decision = decideDataFile(await principalOf(db, userId), file, operation);
  if (decision.allowed) return file;
  if (decision.status === 404) throw dataFileNotFound(id);
  throw forbidden(
    `You need to be the responsible user or have the Admin role to ${operationWords[operation]} data file ${file.id}`,
  );
}

/** What the caller may do with one data file, for the console to disable the rest. */
export async function dataFileAbilities(db: Queryable, userId: number, file: DataFileRow) {
  const principal = await principalOf(db, userId);
  const operations = {} as Record<DataFileOperation, Decision>;
  for (const op of dataFileOperations) operations[op] = decideDataFile(principal, file, op);
  return { operations };
}
