import type {
  CreateExportBody,
  ExportDetails,
  ExportFile,
  ExportRecord,
} from '../../../api/contract';

/** What an export's page shows: the platform's details, or what a real instance's 2.4 record says. */
export interface ExportView {
  record: ExportRecord;
  datasetId: string;
  datasetName: string | undefined;
  /** Undefined when the platform does not say (a real instance). */
  details: ExportDetails | undefined;
  files: ExportFile[];
}

/** A 2.4 record's files, as the embedded platform would list them (its bytes are not ours). */
export const filesOfRecord = (record: ExportRecord): ExportFile[] =>
  Object.keys(record.urlRowCountMap)
    .sort()
    .map((url) => ({
      url,
      rows: record.urlRowCountMap[url]!,
      name: url.slice(url.lastIndexOf('/') + 1),
      downloadable: false,
    }));

/**
 * The request that makes the export again, to the same target with the same columns and
 * options; never reused (`useCache: false`), since Retry means "write it again". An S3 target's
 * access key and secret are not kept anywhere: the caller supplies them.
 */
export function retryBody(
  details: ExportDetails,
  secrets?: { awsAccessKey: string; awsAccessSecret: string },
): CreateExportBody {
  const { target, query, record } = details;
  return {
    bucket: target.bucket,
    path: target.path,
    ...(target.region ? { region: target.region } : {}),
    compression: record.compression === 'gzip' ? 'gzip' : 'none',
    ...(target.kind === 's3' && secrets ? secrets : {}),
    queryRequest: {
      includeBOM: query?.includeBOM ?? false,
      useCache: false,
      ...(query?.request
        ? { query: query.request }
        : query && !query.allColumns
          ? { query: { columns: query.columns.map((column) => ({ column, exprType: 'COLUMN' })) } }
          : {}),
    },
  };
}
