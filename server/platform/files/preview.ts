import Papa from 'papaparse';
import { PREVIEW_MAX_LINES, type RevisionPreview } from '../../../src/api/contract/files';
import { PlatformError } from '../core/errors';
import type { DataFileRow, RevisionRow } from './repository';

const CSV_TYPES = /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i;
const TEXT_TYPES =
  /^(text\/[\w.+-]+|application\/(json|x-ndjson|ndjson|xml|yaml|x-yaml|javascript|sql))\b/i;

const notPreviewable = (contentType: string) =>
  new PlatformError(
    415,
    `Only CSV and text revisions can be previewed; this one is ${contentType.slice(0, 100) || 'of no type'}`,
  );

/**
 * The first lines of a CSV or text revision, for a look before downloading, from `head`: the
 * first PREVIEW_MAX_BYTES of the revision, whatever its size; at most `lines` lines. A type that
 * is not text, or bytes that are not, is 415.
 */
export function previewOf(
  file: Pick<DataFileRow, 'name'>,
  row: Pick<RevisionRow, 'id' | 'content_type' | 'scan_state' | 'size_bytes'>,
  head: Uint8Array,
  lines = 20,
): RevisionPreview {
  const wanted = Math.max(1, Math.min(PREVIEW_MAX_LINES, lines));
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
