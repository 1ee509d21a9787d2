import '../../zod-config';
import { z } from 'zod';
import { isoDateTime } from './common';

const legacyStatus: Record<string, string> = { exporting: 'running', error: 'failed' };
/** Spec words are none|success|running|failed; an older public version used exporting/error: read both. */
export const exportStatus = z.preprocess(
  (v) => (typeof v === 'string' && v in legacyStatus ? legacyStatus[v] : v),
  z.enum(['none', 'success', 'running', 'failed']),
);
export type ExportStatus = z.infer<typeof exportStatus>;

/** 2.4 Export status record. */
export const exportRecord = z.object({
  bucket: z.string(),
  compression: z.string(),
  errorCode: z.string(),
  exportFormat: z.string(),
  exportId: z.string(),
  exportStatus,
  finished: z.nullable(isoDateTime),
  message: z.string(),
  started: isoDateTime,
  urlRowCountMap: z.record(z.string(), z.number().int()),
});
export type ExportRecord = z.infer<typeof exportRecord>;
export const exportHistory = z.array(exportRecord);

/**
 * An output column of an export's query (docs/platform-gaps.md): `exprType` COLUMN (the column as
 * it is) or an aggregate, SUM, AVG, MIN, MAX or COUNT; `alias` names it in the header.
 */
export const exportColumn = z.object({
  column: z.string().min(1),
  exprType: z.string(),
  alias: z.string().min(1).max(1_000).optional(),
});
export type ExportColumn = z.infer<typeof exportColumn>;
/** A column to group by: its name, or `{column}` as the columns are written. */
export const exportGroupBy = z.union([
  z.string().min(1),
  z.object({ column: z.string().min(1), exprType: z.string().optional() }),
]);
/**
 * An order: an output column by its header name (or `{column, exprType}` of an aggregate), or
 * without grouping any column of the dataset; ASCENDING unless `order` (or `direction`) says
 * DESCENDING (ASC and DESC too).
 */
export const exportOrderBy = z.union([
  z.string().min(1),
  z.object({
    column: z.string().min(1),
    exprType: z.string().optional(),
    order: z.string().optional(),
    direction: z.string().optional(),
  }),
]);
/** The query of an export, as asked. */
export const exportQueryRequest = z.object({
  columns: z.array(exportColumn).optional(),
  groupByColumns: z.array(exportGroupBy).optional(),
  orderByColumns: z.array(exportOrderBy).optional(),
});
export type ExportQueryRequest = z.infer<typeof exportQueryRequest>;
/** 4.6 Create Export. The secrets are never stored, logged, echoed or put in a URL. */
export const createExportBody = z.object({
  awsAccessKey: z.string().optional(),
  awsAccessSecret: z.string().optional(),
  sessionToken: z.string().optional(),
  awsKmsKey: z.string().optional(),
  bucket: z.string().min(1),
  path: z.string().optional(),
  region: z.string().optional(),
  compression: z.enum(['none', 'gzip']).optional(),
  queryRequest: z
    .object({
      includeBOM: z.boolean().optional(),
      useCache: z.boolean().optional(),
      query: exportQueryRequest.optional(),
    })
    .optional(),
});
export type CreateExportBody = z.infer<typeof createExportBody>;

// Embedded platform (docs/platform-gaps.md): an export's page, its files and the
// dashboard's one read across datasets. A real instance has none of these; the console falls
// back to the per-dataset status list there.

/** What an export asked for (no secret): the columns written, in order, and its options. */
export const exportQuery = z.object({
  columns: z.array(z.string()),
  allColumns: z.boolean(),
  includeBOM: z.boolean(),
  useCache: z.boolean(),
  /** The query as asked, when it groups, aggregates or orders (exports of earlier versions: absent). */
  request: exportQueryRequest.optional(),
  /** In words: "grouped by region; ordered by amount, descending". */
  summary: z.string().optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;

/** One object an export wrote: its URL, its rows, and whether the platform hands out its bytes. */
export const exportFile = z.object({
  url: z.string(),
  rows: z.number().int(),
  name: z.string(),
  downloadable: z.boolean(),
});
export type ExportFile = z.infer<typeof exportFile>;

/** `GET /api/query/v1/exports/{exportId}`. */
export const exportDetails = z.object({
  record: exportRecord,
  datasetId: z.string(),
  datasetName: z.string(),
  startedBy: z.nullable(z.object({ id: z.number().int(), name: z.string() })),
  target: z.object({
    kind: z.enum(['local', 's3']),
    bucket: z.string(),
    path: z.string(),
    region: z.nullable(z.string()),
  }),
  query: z.nullable(exportQuery),
  files: z.array(exportFile),
  /**
   * The run of its job that is under way or ended it (1 first), of at most `maxAttempts`: a job
   * whose process stopped runs again from the start in any process. Absent on an export with no
   * job (one answered from an earlier identical export).
   */
  attempt: z.optional(z.number().int()),
  maxAttempts: z.optional(z.number().int()),
});
export type ExportDetails = z.infer<typeof exportDetails>;

/** `GET /api/query/v1/exports/{exportId}/files/{n}/preview`: the first rows of a local file. */
export const exportPreview = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  more: z.boolean(),
});
export type ExportPreview = z.infer<typeof exportPreview>;

/** `GET /api/query/v1/exports?limit&before`: newest first, across the datasets the user may read. */
export const exportsAcross = z.object({
  exports: z.array(
    z.object({ datasetId: z.string(), datasetName: z.string(), record: exportRecord }),
  ),
  datasetCount: z.number().int(),
  next: z.nullable(z.string()),
});
export type ExportsAcross = z.infer<typeof exportsAcross>;

/**
 * `GET /api/query/v1/exports/live` (embedded platform): `event: changed` whenever the list above
 * changes for the acting user; `version` (also the event's id) names the list's state, so a
 * client refetches only when it differs from the one it has read.
 */
export const exportsChanged = z.object({ version: z.string() });
export type ExportsChanged = z.infer<typeof exportsChanged>;
