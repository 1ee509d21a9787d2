import Papa from 'papaparse';
import type { CollectionColumn, DocumentV2 } from '../../../../api/contract';

export type ExportFormat = 'csv' | 'json';

interface ExportColumn {
  header: string;
  value: (document: DocumentV2) => unknown;
}

/** CSV columns: the id, one per schema column, then the timestamps (the whole content when there is no schema). */
export function csvColumns(columns: CollectionColumn[]): ExportColumn[] {
  const content: ExportColumn[] =
    columns.length > 0
      ? columns.map((column) => ({
          header: column.name,
          value: (document) =>
            Object.hasOwn(document.content, column.name)
              ? document.content[column.name]
              : undefined,
        }))
      : [{ header: 'content', value: (document) => document.content }];
  return [
    { header: 'id', value: (document) => document.id },
    ...content,
    { header: 'createdOn', value: (document) => document.createdOn },
    { header: 'updatedOn', value: (document) => document.updatedOn },
  ];
}

/** A cell as text: nothing for a missing value, JSON for objects and arrays. */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

export function toCsv(documents: DocumentV2[], columns: CollectionColumn[]): string {
  const exportColumns = csvColumns(columns);
  return Papa.unparse({
    fields: exportColumns.map((column) => column.header),
    data: documents.map((document) =>
      exportColumns.map((column) => csvCell(column.value(document))),
    ),
  });
}

/** The whole documents (2.2, v2 form): importing the file again creates copies of their content. */
export const toJson = (documents: DocumentV2[]) => `${JSON.stringify(documents, null, 2)}\n`;

/** "orders.csv": the collection's name, without characters a file name cannot hold. */
export function exportFileName(collectionName: string, format: ExportFormat) {
  const safe = [...collectionName]
    .map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '-' : ch))
    .join('')
    .trim();
  const base = safe || 'documents';
  return `${base}.${format}`;
}
