import { useQuery } from '@tanstack/react-query';
import { datasetQueryOptions } from '../../../api/datasets';
import { exportHistoryQueryOptions, useExportDetails, useExportLive } from '../../../api/exports';
import { filesOfRecord, type ExportView } from '../lib/export-view';
import { usePlatformMode } from './use-platform-mode';

/**
 * One export: the embedded platform answers its page in full (who started it, the query, its
 * files); a real instance only lists a dataset's 2.4 records, so there it is found among them.
 */
export function useExportPage(datasetId: string, exportId: string) {
  const mode = usePlatformMode();
  const details = useExportDetails(exportId, mode === 'embedded');
  // The embedded platform tells its changes as they happen; polled otherwise.
  const live = useExportLive(exportId, details.data?.record.exportStatus === 'running');
  const remote = mode === 'remote';
  const history = useQuery({ ...exportHistoryQueryOptions(datasetId), enabled: remote });
  const dataset = useQuery({ ...datasetQueryOptions(datasetId), enabled: remote });
  if (mode === 'embedded') {
    const view: ExportView | undefined = details.data && {
      record: details.data.record,
      datasetId: details.data.datasetId,
      datasetName: details.data.datasetName,
      details: details.data,
      files: details.data.files,
    };
    const livePaused = live.paused;
    return { view, error: details.error, refetch: details.refetch, missing: false, livePaused };
  }
  const record = history.data?.find((r) => r.exportId === exportId);
  const view: ExportView | undefined = record && {
    record,
    datasetId,
    datasetName: dataset.data?.name,
    details: undefined,
    files: filesOfRecord(record),
  };
  return {
    view,
    error: history.error,
    refetch: history.refetch,
    // Not among the dataset's newest records: the page says so rather than load forever.
    missing: history.data !== undefined && record === undefined,
    livePaused: false,
  };
}
