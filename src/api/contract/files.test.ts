import { describe, expect, it } from 'vitest';
import { fileMetadata } from './files';

const revision = {
  dataFileRevisionId: 11,
  dataFileId: 7,
  contentType: 'text/csv',
  uploadUserId: 27,
  sizeBytes: 512,
  uploadTimeMillis: 35,
  md5Hash: 'd41d8cd98f00b204e9800998ecf8427e',
  datetimeUploaded: 1767225600000,
  scanState: 'SAFE',
  sha256HashValue: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
};

describe('2.7 File metadata', () => {
  it('reads the shape without expand', () => {
    const plain = {
      dataFileId: 7,
      name: 'prices.csv',
      responsibleUserId: 27,
      datetimeCreated: 1767225600000,
      existing: true,
    };
    expect(fileMetadata.parse(plain)).toEqual(plain);
  });

  it('reads currentRevision and revisions when expanded', () => {
    const expanded = {
      dataFileId: 7,
      name: 'prices.csv',
      responsibleUserId: 27,
      currentRevision: revision,
      datetimeCreated: 1767225600000,
      revisions: [revision],
      existing: true,
    };
    expect(fileMetadata.parse(expanded)).toEqual(expanded);
  });

  it('rejects an ISO string where epoch milliseconds are expected', () => {
    const wrong = {
      dataFileId: 7,
      name: 'x',
      responsibleUserId: 1,
      datetimeCreated: '2026-01-01',
      existing: true,
    };
    expect(fileMetadata.safeParse(wrong).success).toBe(false);
  });
});
