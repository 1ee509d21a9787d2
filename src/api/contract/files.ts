import '../../zod-config';
import { z } from 'zod';
import { epochMillis } from './common';

/** scanState: SAFE is public; PENDING and UNSAFE are the project's choice. */
export const scanState = z.string();
/**
 * gaps.md: a revision the virus scan found UNSAFE downloads only with `?acknowledgeUnsafe=true`;
 * without it the answer is 409 `{message}` naming the scan result.
 */
export const ACKNOWLEDGE_UNSAFE_PARAM = 'acknowledgeUnsafe';
export const fileRevision = z.object({
  dataFileRevisionId: z.number().int(),
  dataFileId: z.number().int(),
  contentType: z.string(),
  uploadUserId: z.number().int(),
  sizeBytes: z.number().int(),
  uploadTimeMillis: z.number().int(),
  md5Hash: z.string(),
  datetimeUploaded: epochMillis,
  scanState,
  sha256HashValue: z.string(),
});
export type FileRevision = z.infer<typeof fileRevision>;

/** 2.7 File metadata; currentRevision and revisions only when asked for through `expand`. */
export const fileMetadata = z.object({
  dataFileId: z.number().int(),
  name: z.string(),
  /** Given at upload (`?description=`); not in 2.7, so optional. */
  description: z.string().optional(),
  responsibleUserId: z.number().int(),
  currentRevision: fileRevision.optional(),
  datetimeCreated: epochMillis,
  revisions: z.array(fileRevision).optional(),
  existing: z.boolean(),
});
export type FileMetadata = z.infer<typeof fileMetadata>;
export const fileMetadataList = z.array(fileMetadata);
export const dataFileExpand = z.enum(['revisions', 'metadata']);
export const uploadDataFileResult = z.object({ dataFileId: z.number().int() });
export const newRevisionResult = z.object({ revisionId: z.number().int() });

/**
 * gaps.md: the first lines of a CSV or text revision (`GET …/data-files/{id}/revisions/{rid}/preview`),
 * read from at most PREVIEW_MAX_BYTES of its start. A CSV's lines come parsed into cells.
 */
export const PREVIEW_MAX_BYTES = 65_536;
export const PREVIEW_MAX_LINES = 100;
export const revisionPreview = z.object({
  dataFileRevisionId: z.number().int(),
  contentType: z.string(),
  scanState,
  format: z.enum(['csv', 'text']),
  /** Text: the lines as read; CSV: the rows (the header first), each a list of cells. */
  lines: z.array(z.string()),
  rows: z.array(z.array(z.string())).optional(),
  /** More of the revision follows what is shown. */
  truncated: z.boolean(),
});
export type RevisionPreview = z.infer<typeof revisionPreview>;
