import { filesetOperations, type FilesetOperation } from '../../../src/api/contract/file-access';
import { allow, decisions, isAdmin, refuse, type Decision, type Principal } from './principal';

/**
 * Filesets and their files: every user reads every fileset and its files (filesets have no
 * sharing); files are uploaded to and deleted from a fileset by its owner and by Admins. A
 * refused change is 403 naming what it needs.
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
  fileset: { owner: number },
  operation: FilesetOperation,
): Decision {
  if (operation === 'read' || isAdmin(principal) || fileset.owner === principal.id) return allow;
  return refuse(NEEDED);
}

/** Every fileset operation's decision, for the console to disable what is refused. */
export const filesetDecisions = (principal: Principal, fileset: { owner: number }) =>
  decisions(filesetOperations, (op) => decideFileset(principal, fileset, op));

/** The words of a refused operation's 403. */
export const filesetRefused = (operation: FilesetOperation, filesetName: string) =>
  `You need to own fileset ${filesetName} or have the Admin role to ${operationWords[operation]} it`;
