import type { FileRevision } from '../../../api/contract/files';
import type { StatusTone } from '../../../components';

/** Revisions come newest first (4.12); people count them from the first upload: "Revision 1". */
export const revisionNumbers = (revisions: FileRevision[]) =>
  new Map(revisions.map((r, i) => [r.dataFileRevisionId, revisions.length - i]));

export interface RevisionComparison {
  /** Second minus first, in bytes. */
  sizeDifference: number;
  md5Matches: boolean;
  sha256Matches: boolean;
}

export const compareRevisions = (
  first: FileRevision,
  second: FileRevision,
): RevisionComparison => ({
  sizeDifference: second.sizeBytes - first.sizeBytes,
  md5Matches: first.md5Hash.toLowerCase() === second.md5Hash.toLowerCase(),
  sha256Matches: first.sha256HashValue.toLowerCase() === second.sha256HashValue.toLowerCase(),
});

const scanStates: Record<string, { label: string; tone: StatusTone }> = {
  SAFE: { label: 'Safe', tone: 'success' },
  PENDING: { label: 'Scan pending', tone: 'info' },
  UNSAFE: { label: 'Unsafe', tone: 'error' },
};

/** gaps.md: SAFE, PENDING or UNSAFE; any other state is shown as the platform sent it. */
export const describeScanState = (state: string) =>
  scanStates[state] ?? { label: state || 'Unknown', tone: 'neutral' as const };

const CSV_TYPES = /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i;
const TEXT_TYPES =
  /^(text\/[\w.+-]+|application\/(json|x-ndjson|ndjson|xml|yaml|x-yaml|javascript|sql))\b/i;

/** gaps.md: the platform previews CSV and text revisions only. */
export const canPreview = (contentType: string, fileName: string) =>
  CSV_TYPES.test(contentType) || TEXT_TYPES.test(contentType) || /\.csv$/i.test(fileName);
