import { filesetOperations, type FilesetOperation } from '../../../src/api/contract/file-access';
import { forbidden, notFound } from '../core/errors';
import { getFileset, type FilesetRow } from '../filesets/repository';
import type { Queryable } from '../store';
import { principalOf, type Decision, type Principal } from './policy';

/**
 * Filesets and their files (issue 23), decided here and nowhere else. Every user reads every
 * fileset and its files (filesets have no sharing yet); files are uploaded to and deleted from a
 * fileset by its owner and by Admins. An unknown fileset is 404; a refused change is 403 naming
 * what it needs.
 */
export { filesetOperations, type FilesetOperation };

const NEEDED = 'fileset owner or Admin role';
const operationWords: Record<FilesetOperation, string> = {
  read: 'read',
  uploadFile: 'upload files to',
  deleteFile: 'delete files from',
};

export function decideFileset(
  principal: Principal,
  fileset: Pick<FilesetRow, 'owner'>,
  operation: FilesetOperation,
): Decision {
  if (operation === 'read' || principal.role === 'Admin' || fileset.owner === principal.id)
    return { allowed: true };
  return { allowed: false, status: 403, needed: NEEDED };
}

/** The guard of every fileset path: the fileset, or 404 when unknown, or 403 naming what is needed. */
export async function filesetFor(
  db: Queryable,
  userId: number,
  id: string,
  operation: FilesetOperation,
): Promise<FilesetRow> {
  const fileset = await getFileset(db, id);
  if (!fileset) throw notFound(`No fileset ${id}`);
  const decision = decideFileset(await principalOf(db, userId), fileset, operation);
  if (decision.allowed) return fileset;
  throw forbidden(
    `You need to own fileset ${fileset.name} or have the Admin role to ${operationWords[operation]} it`,
  );
}

/** What the caller may do with one fileset, for the console to disable the rest. */
export async function filesetAbilities(db: Queryable, userId: number, fileset: FilesetRow) {
  const principal = await principalOf(db, userId);
  const operations = {} as Record<FilesetOperation, Decision>;
  for (const op of filesetOperations) operations[op] = decideFileset(principal, fileset, op);
  return { operations };
}
