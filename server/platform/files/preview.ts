import Papa from 'papaparse';
import {
  PREVIEW_MAX_BYTES,
  PREVIEW_MAX_LINES,
  type RevisionPreview,
} from '../../../src/api/contract/files';
import { dataFileFor } from '../access/data-files';
import type { PlatformDeps } from '../core/context';
import { PlatformError } from '../core/errors';
import { revisionBytes } from './bytes';
import { dataFileId, type RevisionRow } from './repository';

const CSV_TYPES = /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i;
const TEXT_TYPES =
  /^(text\/[\w.+-]+|application\/(json|x-ndjson|ndjson|xml|yaml|x-yaml|javascript|sql))\b/i;

const notPreviewable = (contentType: string) =>
  new PlatformError(
    415,
    `Only CSV and text revisions can be previewed; this one is ${contentType.slice(0, 100) || 'of no type'}`,
  );

/** At most `max` bytes from the start of a revision, never the whole of a large one. */
async function readHead(
  { db, files }: Pick<PlatformDeps, 'db' | 'files'>,
  fileId: number,
  revisionId: number,
  max: number,
): Promise<{ row: RevisionRow; head: Uint8Array }> {
  const [row] = await db.query<
    RevisionRow & { head: Uint8Array | null; stored_key: string | null }
  >(
    `SELECT id, data_file_id, content_type, upload_user_id, size_bytes, upload_time_millis,
       md5_hash, sha256_hash, datetime_uploaded, scan_state, stored_key,
       CASE WHEN stored_key IS NULL THEN substring(body from 1 for $3) END AS head
     FROM data_file_revisions WHERE data_file_id = $1 AND id = $2`,
    [fileId, revisionId, max],
  );
  if (!row) throw new PlatformError(404, `No revision ${revisionId} of data file ${fileId}`);
  if (!row.stored_key || row.size_bytes === 0) return { row, head: new Uint8Array(row.head ?? []) };
  // A range of the stored bytes: a large revision is never read whole.
  const chunks: Buffer[] = [];
  const stream = await revisionBytes(files, { ...row, body: null }, { start: 0, end: max - 1 });
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { row, head: new Uint8Array(Buffer.concat(chunks).subarray(0, max)) };
}

/**
 * The first lines of a CSV or text revision, for a look before downloading (issue 25). The caller
 * must be able to read the file (access/data-files.ts: 404 otherwise); the read is bounded to
 * PREVIEW_MAX_BYTES of the revision's start and `lines` lines, whatever its size; a type that is
 * not text, or bytes that are not, is 415.
 */
export async function previewRevision(
  deps: Pick<PlatformDeps, 'db' | 'files'>,
  userId: number,
  fileIdText: string,
  revisionIdText: string,
  lines = 20,
): Promise<RevisionPreview> {
  const file = await dataFileFor(deps.db, userId, fileIdText, 'read');
  const wanted = Math.max(1, Math.min(PREVIEW_MAX_LINES, lines));
  const { row, head } = await readHead(
    deps,
    file.id,
    dataFileId(revisionIdText),
    PREVIEW_MAX_BYTES,
  );
  const csv = CSV_TYPES.test(row.content_type) || /\.csv$/i.test(file.name);
  if (!csv && !TEXT_TYPES.test(row.content_type)) throw notPreviewable(row.content_type);
  if (head.includes(0)) throw notPreviewable(`${row.content_type} (its bytes are not text)`);

  const cut = head.byteLength < row.size_bytes;
  let text = new TextDecoder('utf-8').decode(head);
  // A read cut short ends inside a line: that partial line is not shown.
  if (cut) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!cut && all.at(-1) === '') all.pop();
  const shown = all.slice(0, wanted);
  const preview: RevisionPreview = {
    dataFileRevisionId: row.id,
    contentType: row.content_type,
    scanState: row.scan_state,
    format: csv ? 'csv' : 'text',
    lines: shown,
    truncated: cut || all.length > shown.length,
  };
  if (csv) {
    const parsed = Papa.parse<string[]>(shown.join('\n'), { skipEmptyLines: true });
    preview.rows = parsed.data;
  }
  return preview;
}
