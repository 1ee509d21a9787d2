import { describe, expect, it } from 'vitest';
import type { ExportDetails } from '../../../api/contract';
import { filesOfRecord, retryBody } from './export-view';

const record = {
  bucket: 'b1',
  compression: 'gzip',
  errorCode: 'EXPORT_FAILED',
  exportFormat: 'csv',
  exportId: 'e1',
  exportStatus: 'failed' as const,
  finished: '2026-11-26T05:00:01Z',
  message: 'boom',
  started: '2026-11-26T05:00:00Z',
  urlRowCountMap: { 's3://b/z.csv': 2, 's3://b/a.csv': 3 },
};
const details: ExportDetails = {
  record,
  datasetId: 'd1',
  datasetName: 'Sales',
  startedBy: { id: 1, name: 'Ada' },
  target: { kind: 'local', bucket: 'b1', path: 'daily/x', region: null },
  query: { columns: ['b', 'a'], allColumns: false, includeBOM: true, useCache: true },
  files: [],
};

describe('an export page', () => {
  it('lists a record’s files in URL order, none of them handed out by the platform', () => {
    expect(filesOfRecord(record)).toEqual([
      { url: 's3://b/a.csv', rows: 3, name: 'a.csv', downloadable: false },
      { url: 's3://b/z.csv', rows: 2, name: 'z.csv', downloadable: false },
    ]);
  });

  it('retries to the same target, columns and options, never reusing an earlier export', () => {
    expect(retryBody(details)).toEqual({
      bucket: 'b1',
      path: 'daily/x',
      compression: 'gzip',
      queryRequest: {
        includeBOM: true,
        useCache: false,
        query: {
          columns: [
            { column: 'b', exprType: 'COLUMN' },
            { column: 'a', exprType: 'COLUMN' },
          ],
        },
      },
    });
    const s3 = {
      ...details,
      target: { ...details.target, kind: 's3' as const, region: 'eu-west-1' },
    };
    const all = { ...s3, query: { ...details.query!, allColumns: true } };
    expect(retryBody(all, { awsAccessKey: 'k', awsAccessSecret: 's' })).toMatchObject({
      region: 'eu-west-1',
      awsAccessKey: 'k',
      awsAccessSecret: 's',
      queryRequest: { includeBOM: true, useCache: false },
    });
    expect(
      retryBody(all, { awsAccessKey: 'k', awsAccessSecret: 's' }).queryRequest,
    ).not.toHaveProperty('query');
  });

  it('retries a grouped export with its query as asked, not its header names', () => {
    const request = {
      columns: [
        { column: 'region', exprType: 'COLUMN' },
        { column: 'amount', exprType: 'SUM', alias: 'total' },
      ],
      groupByColumns: ['region'],
      orderByColumns: [{ column: 'total', order: 'DESCENDING' }],
    };
    const grouped = {
      ...details,
      query: { ...details.query!, columns: ['region', 'total'], request },
    };
    expect(retryBody(grouped).queryRequest).toEqual({
      includeBOM: true,
      useCache: false,
      query: request,
    });
  });
});
