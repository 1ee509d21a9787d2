import type { FileRevision } from '../contract/files';
import { ApiError } from '../errors';
import { downloadHref } from '../../lib/download';
import { dataFileRevisionDownloadPath } from './get-data-file';

type RevisionIds = Pick<FileRevision, 'dataFileId' | 'dataFileRevisionId'>;

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * A revision's bytes, handed to the browser's downloads once the platform has agreed to
 * send them. The answer's status is read first and its bytes dropped (the browser asks again for
 * them), so a refusal is an ApiError the screen shows with its status and trace id, not a failed
 * entry in the browser's downloads: above all the 409 naming the scan's finding, which a revision
 * flagged UNSAFE gets unless `acknowledgeUnsafe` says the user has read the warning.
 */
export async function downloadRevision(
  revision: RevisionIds,
  fileName: string,
  { acknowledgeUnsafe = false } = {},
) {
  const base = dataFileRevisionDownloadPath(revision.dataFileId, revision.dataFileRevisionId);
  const href = acknowledgeUnsafe ? `${base}?acknowledgeUnsafe=true` : base;
  const label = `GET ${href}`;
  const reading = new AbortController();
  let res: Response;
  try {
    res = await fetch(href, { credentials: 'same-origin', signal: reading.signal });
  } catch {
    throw ApiError.network(label);
  }
  if (!res.ok) throw ApiError.fromResponse(res, parseBody(await res.text()), label);
  reading.abort();
  downloadHref(href, fileName);
}
