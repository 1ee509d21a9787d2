import type {
  CertificationState,
  IndexedSchema,
  OutboxMessage,
  Partition,
  PlatformGroup,
  PlatformUser,
  QueryResult,
  Stream,
  StreamExecution,
} from '../../../api/contract';
import { aDataset, aStream as aStreamOf } from '../../../test/data';

export { aDataset };

export const anIndexedSchema = (includeHidden = false): IndexedSchema => ({
  name: 'Sales by region',
  dataSourceId: aDataset().id,
  tables: [
    {
      columns: [
        { name: 'region', id: 'c1', type: 'STRING', visible: true, order: 0 },
        { name: 'visitorHash', id: 'c2', type: 'STRING', visible: false, order: 1 },
        { name: 'units', id: 'c3', type: 'LONG', visible: true, order: 2 },
      ].filter((c) => includeHidden || c.visible),
    },
  ],
});

export const aQueryResult = (overrides: Partial<QueryResult> = {}): QueryResult => ({
  columns: ['region', 'units'],
  rows: [
    ['North', 12],
    ['South', null],
  ],
  numRows: 2,
  numColumns: 2,
  ...overrides,
});

export const notCertified: CertificationState = {
  tag: 'CERTIFIED',
  state: null,
  metadata: null,
  updated: null,
};

export const certified: CertificationState = {
  tag: 'CERTIFIED',
  state: 'ACTIVE',
  metadata: { certifiedBy: 1 },
  updated: '2026-11-29T10:00:00.000Z',
};

export const users: PlatformUser[] = [
  { id: 1, displayName: 'Ada Admin', emailAddress: 'ada@example.com', role: 'Admin' },
  { id: 2, displayName: 'Ben Analyst', emailAddress: 'ben@example.com', role: 'Privileged' },
  { id: 3, displayName: 'Chloe Editor', emailAddress: 'chloe@example.com', role: 'Editor' },
  { id: 5, displayName: 'Eve Exporter', emailAddress: 'eve@example.com', role: 'Editor' },
];

export const groups: PlatformGroup[] = [
  { id: 101, name: 'Data engineering', memberCount: 2 },
  { id: 102, name: 'Finance', memberCount: 2 },
];

export const groupMembers: Record<number, PlatformUser[]> = {
  101: [users[0]!, users[1]!],
  102: [users[2]!, users[3]!],
};

export const anOutboxMessage = (overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: 'm1',
  to: 'ben@example.com',
  subject: 'Ada Admin shared "Sales by region" with you',
  body: 'Ada Admin gave you edit access to the dataset "Sales by region".',
  createdAt: '2026-11-29T10:00:00.000Z',
  datasetId: aDataset().id,
  ...overrides,
});

export const aPartition = (overrides: Partial<Partition> = {}): Partition => ({
  partitionId: '2026-09-28',
  rowCount: 700,
  createdAt: '2026-09-28T00:00:00.000Z',
  dataVersion: 1,
  ...overrides,
});

export const aStream = (overrides: Partial<Stream> = {}): Stream =>
  aStreamOf({
    account: { id: 1 },
    dataSource: { id: aDataset().id, name: 'Sales by region' },
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  });

export const anExecution = (overrides: Partial<StreamExecution> = {}): StreamExecution => ({
  id: 41,
  streamId: 7,
  state: 'SUCCESS',
  runType: 'MANUAL',
  startedAt: '2026-11-01T08:00:00.000Z',
  endedAt: '2026-11-01T08:00:02.000Z',
  rowsInserted: 2000,
  partitionId: '2026-11-01',
  errorMessage: null,
  ...overrides,
});
