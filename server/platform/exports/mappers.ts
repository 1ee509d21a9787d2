import type { ExportRecord } from '../../../src/api/contract';
import type { ExportRow } from './repository';

const legacy: Record<string, ExportRecord['exportStatus']> = {
  exporting: 'running',
  error: 'failed',
};

/** 2.4 Export status record; the older status words in the store are read as the spec's. */
export const toExportRecord = (row: ExportRow): ExportRecord => ({
  bucket: row.bucket,
  compression: row.compression,
  errorCode: row.error_code,
  exportFormat: row.export_format,
  exportId: row.export_id,
  exportStatus: legacy[row.export_status] ?? (row.export_status as ExportRecord['exportStatus']),
  finished: row.finished ? row.finished.toISOString() : null,
  message: row.message,
  started: row.started.toISOString(),
  urlRowCountMap: row.url_row_count_map,
});
