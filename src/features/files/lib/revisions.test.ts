import { describe, expect, it } from 'vitest';
import type { FileRevision } from '../../../api/contract/files';
import { compareRevisions, describeScanState, revisionNumbers } from './revisions';

const revision = (id: number, overrides: Partial<FileRevision> = {}): FileRevision => ({
  dataFileRevisionId: id,
  dataFileId: 1,
  contentType: 'text/csv',
  uploadUserId: 1,
  sizeBytes: 100,
  uploadTimeMillis: 5,
  md5Hash: 'aa',
  datetimeUploaded: 0,
  scanState: 'SAFE',
  sha256HashValue: 'bb',
  ...overrides,
});

describe('revisions', () => {
  it('numbers revisions from the oldest, given newest first', () => {
    expect([...revisionNumbers([revision(9), revision(4), revision(2)])]).toEqual([
      [9, 3],
      [4, 2],
      [2, 1],
    ]);
  });

  it('compares sizes and hashes, whatever the case of the hex', () => {
    expect(compareRevisions(revision(1), revision(2, { sizeBytes: 80, md5Hash: 'AA' }))).toEqual({
      sizeDifference: -20,
      md5Matches: true,
      sha256Matches: true,
    });
    expect(compareRevisions(revision(1), revision(2, { sha256HashValue: 'cc' }))).toMatchObject({
      sizeDifference: 0,
      sha256Matches: false,
    });
  });

  it('names scan states with a tone, and shows an unknown one as sent', () => {
    expect(describeScanState('SAFE')).toEqual({ label: 'Safe', tone: 'success' });
    expect(describeScanState('PENDING').tone).toBe('info');
    expect(describeScanState('UNSAFE').tone).toBe('error');
    expect(describeScanState('QUARANTINED')).toEqual({ label: 'QUARANTINED', tone: 'neutral' });
  });
});
