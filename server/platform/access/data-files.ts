import { dataFileOperations, type DataFileOperation } from '../../../src/api/contract/file-access';
import {
  allow,
  decisions,
  hide,
  isAdmin,
  refuse,
  type Decision,
  type Principal,
} from './principal';

/**
 * Data files: read by their responsible user (who uploaded them) and by Admins; the platform has
 * no sharing of data files. Their content (a new revision, name and description, deleting a
 * revision) is changed by the same users. Who may not read a file is not told that it exists:
 * 404, as for an unknown id.
 */
export { dataFileOperations, type DataFileOperation };

/** What a decision knows of a data file: who is responsible for it. */
export interface DataFileForAccess {
  responsible_user_id: number;
}

const isResponsible = (principal: Principal, file: DataFileForAccess) =>
  file.responsible_user_id === principal.id;

/** Who, besides Admins, may take each operation. */
const mayTake: Record<
  DataFileOperation,
  (principal: Principal, file: DataFileForAccess) => boolean
> = {
  read: isResponsible,
  revise: isResponsible,
  update: isResponsible,
  delete: isResponsible,
};

const NEEDED = 'responsible user or Admin role';
/** Who may read a data file, in the words of a caller told why it may not (a stream's run). */
export const DATA_FILE_READERS = 'its responsible user or the Admin role';
const operationWords: Record<DataFileOperation, string> = {
  read: 'read',
  revise: 'upload a new revision of',
  update: 'change the details of',
  delete: 'delete',
};

export function decideDataFile(
  principal: Principal,
  file: DataFileForAccess,
  operation: DataFileOperation,
): Decision {
  if (isAdmin(principal)) return allow;
  if (!mayTake.read(principal, file)) return hide;
  if (mayTake[operation](principal, file)) return allow;
  return refuse(NEEDED);
}

/**
 * The words of a 409 when a revision the virus scan found UNSAFE is downloaded without
 * `?acknowledgeUnsafe=true` (gaps.md); undefined when it may be downloaded.
 */
export function unsafeDownloadConflict(
  revision: { id: number; scan_state: string },
  fileId: number,
  acknowledged: boolean,
): string | undefined {
  if (revision.scan_state !== 'UNSAFE' || acknowledged) return undefined;
  return `Revision ${revision.id} of data file ${fileId} is UNSAFE (the virus scan found malware): download it with ?acknowledgeUnsafe=true to take it anyway`;
}

/** Every data-file operation's decision, for the console to disable what is refused. */
export const dataFileDecisions = (principal: Principal, file: DataFileForAccess) =>
  decisions(dataFileOperations, (op) => decideDataFile(principal, file, op));

/** The words of a refused operation's 403. */
export const dataFileRefused = (operation: DataFileOperation, fileId: number | string) =>
  `You need to be the responsible user or have the Admin role to ${operationWords[operation]} data file ${fileId}`;
