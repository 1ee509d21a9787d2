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

export const exportColumn = z.object({ column: z.string().min(1), exprType: z.string() });
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
      query: z
        .object({
          columns: z.array(exportColumn).optional(),
          groupByColumns: z.array(z.unknown()).optional(),
          orderByColumns: z.array(z.unknown()).optional(),
        })
        .optional(),
    })
    .optional(),
});
export type CreateExportBody = z.infer<typeof createExportBody>;
