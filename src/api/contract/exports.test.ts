import { describe, expect, it } from 'vitest';
import { exportHistory, exportRecord } from './exports';

const record = {
  bucket: 'my-bucket',
  compression: 'none',
  errorCode: '',
  exportFormat: 'csv',
  exportId: '3f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  exportStatus: 'success',
  finished: '2026-02-01T10:01:00Z',
  message: '',
  started: '2026-02-01T10:00:00Z',
  urlRowCountMap: { 's3://my-bucket/ds/3f1e/export/data.csv': 1200 },
};

describe('2.4 Export status record', () => {
  it('reads the spec shape', () => {
    expect(exportRecord.parse(record)).toEqual(record);
  });

  it.each(['none', 'success', 'running', 'failed'])('reads the status %s', (status) => {
    expect(exportRecord.parse({ ...record, exportStatus: status }).exportStatus).toBe(status);
  });

  it('maps the legacy words: exporting is running, error is failed', () => {
    expect(exportRecord.parse({ ...record, exportStatus: 'exporting' }).exportStatus).toBe(
      'running',
    );
    expect(exportRecord.parse({ ...record, exportStatus: 'error' }).exportStatus).toBe('failed');
  });

  it('rejects an unknown status', () => {
    expect(exportRecord.safeParse({ ...record, exportStatus: 'done' }).success).toBe(false);
  });

  it('rejects a non-integer row count', () => {
    expect(exportRecord.safeParse({ ...record, urlRowCountMap: { u: '12' } }).success).toBe(false);
  });

  it('a status answer is an array of records', () => {
    expect(
      exportHistory.parse([record, { ...record, exportStatus: 'exporting' }])[1]?.exportStatus,
    ).toBe('running');
  });
});
