import { useState } from 'react';
import type { Collection, JsonObject } from '../../../../api/contract';
import { queryAllDocuments } from '../../../../api/datastores';
import { useNotify } from '../../../../components';
import { downloadFile } from '../../../../lib/download';
import type { ExportFormat } from '../lib/export-format';

const mediaTypes: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
};

export type ExportProgress = { format: ExportFormat; read: number } | null;

/**
 * The whole result of the current filter and sort (not only the page on screen), read page by
 * page through the query endpoint and saved as a file named after the collection.
 */
export function useExportDocuments(
  collection: Collection,
  filter: JsonObject | undefined,
  orderby: string | undefined,
) {
  const notify = useNotify();
  const [progress, setProgress] = useState<ExportProgress>(null);

  const exportAs = async (format: ExportFormat) => {
    if (filter === undefined || progress !== null) return;
    setProgress({ format, read: 0 });
    try {
      const documents = await queryAllDocuments(collection.id, filter, {
        orderby,
        onProgress: (read) => setProgress({ format, read }),
      });
      // The CSV writer loads with the first export, not with the screen.
      const { exportFileName, toCsv, toJson } = await import('../lib/export-format');
      const text =
        format === 'csv' ? toCsv(documents, collection.schema.columns) : toJson(documents);
      const fileName = exportFileName(collection.name, format);
      downloadFile(fileName, text, mediaTypes[format]);
      notify.success(
        `Exported ${documents.length.toLocaleString()} document${documents.length === 1 ? '' : 's'} to ${fileName}`,
      );
    } catch (error) {
      notify.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setProgress(null);
    }
  };

  return { exportAs, progress };
}
