import type { ExportRecord, ExportStatus } from '../../../api/contract';
import type { StatusTone } from '../../../components';
import { toDate } from '../../../lib/format';

export const statusLabels: Record<ExportStatus, string> = {
  running: 'Running',
  success: 'Succeeded',
  failed: 'Failed',
  none: 'Not started',
};

export const statusTones: Record<ExportStatus, StatusTone> = {
  running: 'info',
  success: 'success',
  failed: 'error',
  none: 'neutral',
};

/** Milliseconds from start to finish; a running export's so far (against `now`). */
export function exportDuration(record: ExportRecord, now: number = Date.now()): number | undefined {
  const started = toDate(record.started)?.getTime();
  if (started === undefined) return undefined;
  if (record.exportStatus === 'running') return Math.max(0, now - started);
  const finished = toDate(record.finished)?.getTime();
  return finished === undefined ? undefined : Math.max(0, finished - started);
}

/** Every row written, summed over the export's files. */
export const exportRowCount = (record: ExportRecord) =>
  Object.values(record.urlRowCountMap).reduce((sum, n) => sum + n, 0);

/** The object's key the platform writes (gaps.md): `<bucket>/<path>/<exportId>/export/data.csv`. */
export const objectKeyPreview = (bucket: string, path: string, compression: string) =>
  `${bucket || '<bucket>'}/${path.replace(/^\/+|\/+$/g, '') || '<path>'}/<export id>/export/data.csv${
    compression === 'gzip' ? '.gz' : ''
  }`;
