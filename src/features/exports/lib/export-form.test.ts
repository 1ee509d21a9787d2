import { describe, expect, it } from 'vitest';
import { exportForm, exportFormDefaults, toCreateExportBody } from './export-form';

const errorsOf = (values: Partial<typeof exportFormDefaults>) => {
  const result = exportForm.safeParse({ ...exportFormDefaults, ...values });
  if (result.success) return {};
  // The form shows the first message of a field (react-hook-form's resolver does the same).
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
};

describe('the export form', () => {
  it('checks the bucket, path and region as the platform does, before sending', () => {
    expect(errorsOf({ bucket: '' })).toEqual({ bucket: 'Name the bucket' });
    expect(errorsOf({ bucket: 'Bad_Bucket' })).toHaveProperty('bucket');
    expect(errorsOf({ bucket: 'ok-bucket', path: 'a/../b' })).toHaveProperty('path');
    expect(errorsOf({ bucket: 'ok-bucket', region: 'EU West' })).toHaveProperty('region');
    expect(errorsOf({ bucket: 'ok-bucket', path: '/reports/2026/', region: 'eu-west-1' })).toEqual(
      {},
    );
  });

  it('sends only what was filled in; no column picked means every column', () => {
    expect(toCreateExportBody({ ...exportFormDefaults, bucket: ' ok-bucket ' })).toEqual({
      bucket: 'ok-bucket',
      path: undefined,
      region: undefined,
      awsAccessKey: undefined,
      awsAccessSecret: undefined,
      compression: 'none',
      queryRequest: { includeBOM: false, useCache: true },
    });
    const body = toCreateExportBody({
      ...exportFormDefaults,
      bucket: 'b-1',
      columns: ['region', 'amount'],
      compression: 'gzip',
      includeBOM: true,
    });
    expect(body.queryRequest?.query?.columns).toEqual([
      { column: 'region', exprType: 'COLUMN' },
      { column: 'amount', exprType: 'COLUMN' },
    ]);
    expect(body.compression).toBe('gzip');
  });
});
