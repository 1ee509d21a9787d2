import type { Account, Connector } from '../../../api/contract/streams';
import type { FileMetadata } from '../../../api/contract/files';

export const dataFileConnector: Connector = {
  key: 'data-file',
  name: 'Data file (CSV)',
  versions: ['1'],
  fields: [
    {
      name: 'dataFileId',
      label: 'Data file',
      required: true,
      help: 'An uploaded data file; each run reads its current revision',
    },
  ],
};

export const httpCsvConnector: Connector = {
  key: 'http-csv',
  name: 'CSV from an HTTP(S) URL',
  versions: ['1', '2'],
  fields: [
    { name: 'url', label: 'URL', required: true, help: 'An http:// or https:// address' },
    { name: 'timeoutSeconds', label: 'Timeout (seconds)', required: false },
  ],
};

export const collectionConnector: Connector = {
  key: 'document-store',
  name: 'Document-store collection',
  versions: ['1'],
  fields: [{ name: 'collectionId', label: 'Collection', required: true }],
};

export const connectors = [dataFileConnector, collectionConnector, httpCsvConnector];

export const accounts: Account[] = [
  { id: 1, name: 'Uploaded data files', type: 'data-file' },
  { id: 4, name: 'Finance uploads', type: 'data-file' },
  { id: 2, name: 'Document store', type: 'document-store' },
  { id: 3, name: 'Web (no credentials)', type: 'http-csv' },
];

export const aDataFile = (overrides: Partial<FileMetadata> = {}): FileMetadata => ({
  dataFileId: 3,
  name: 'regional-targets.csv',
  description: 'Quarterly sales targets',
  responsibleUserId: 1,
  datetimeCreated: Date.UTC(2026, 10, 2, 9, 30),
  existing: true,
  currentRevision: {
    dataFileRevisionId: 5,
    dataFileId: 3,
    contentType: 'text/csv',
    uploadUserId: 1,
    sizeBytes: 2048,
    uploadTimeMillis: 3,
    md5Hash: 'd41d8cd98f00b204e9800998ecf8427e',
    datetimeUploaded: Date.UTC(2026, 10, 2, 9, 30),
    scanState: 'SAFE',
    sha256HashValue: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  },
  ...overrides,
});

export { aStream } from '../../../test/data';
