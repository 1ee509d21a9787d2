import type {
  Dataset,
  AccessToken,
  Collection,
  Datastore,
  DocumentStoreError,
  GatewayStatus,
  Stream,
} from '../api/contract';
import { collectionOperations } from '../api/contract/access';

export const aDatastore = (overrides: Partial<Datastore> = {}): Datastore => ({
  id: '5b2e1c4a-8d7f-4e3b-9a61-0c2d3e4f5a6b',
  name: 'Inventory',
  owner: 1001,
  createdOn: '2026-03-01T09:30:00.000Z',
  updatedOn: '2026-03-04T16:05:00.000Z',
  ...overrides,
});

/** A 2.1 collection as the spec describes it. */
export const aCollection = (overrides: Partial<Collection> = {}): Collection => ({
  id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  datastoreId: aDatastore().id,
  defaultPermissions: 'READ,WRITE,SHARE',
  requiredAuthorities: { READ: ['inventory.read'], WRITE: ['inventory.write', 'inventory.admin'] },
  owner: 1001,
  name: 'products',
  datasourceId: 'ds-7c6b5a49',
  schema: {
    columns: [
      { name: 'sku', type: 'STRING' },
      { name: 'price', type: 'DECIMAL' },
      { name: 'stocked', type: 'DATE' },
    ],
  },
  filters: [
    {
      name: 'own rows only',
      applyOn: ['READ'],
      applyTo: [{ type: 'USER_ID', values: ['1002'] }],
      applyToAll: false,
      limitToOwner: true,
      query: { 'content.region': 'EU' },
    },
  ],
  syncEnabled: true,
  syncRequired: false,
  fullReplaceRequired: false,
  lastSync: '2026-03-04T15:45:00.000Z',
  createdOn: '2026-03-01T09:31:00.000Z',
  updatedOn: '2026-03-04T16:00:00.000Z',
  updatedBy: 1002,
  exportable: false,
  ...overrides,
});

/** A 7.1 error body. */
export const aDocumentStoreError = (
  overrides: Partial<DocumentStoreError> = {},
): DocumentStoreError => ({
  message: 'Collection not found',
  status: 404,
  statusReason: 'Not Found',
  toe: 'TOE-4F2A9C1B7E',
  ...overrides,
});

export const aGatewayStatus = (overrides: Partial<GatewayStatus> = {}): GatewayStatus => ({
  mode: 'embedded',
  upstreams: [
    { name: 'base', host: '127.0.0.1:8787', reachable: true, latencyMs: 3 },
    { name: 'api', host: '127.0.0.1:8787', reachable: true, latencyMs: 3 },
  ],
  brand: 'SERVICE',
  ...overrides,
});

/** The users every test's platform knows (`GET /api/content/v3/users/{id}`), named by name on screen. */
/** `users/me` and `access/v1/datasets/{id}` of the default handlers: an admin who may do everything. */
export const testMe = {
  ...{ id: 1, displayName: 'Ada Admin', emailAddress: 'ada@example.com', role: 'Admin' },
  groups: [{ id: 1, name: 'Finance' }],
  grants: ['Manage security', 'Workflow API'],
};
export const fullDatasetAccess = {
  level: 'ADMIN',
  operations: {
    read: { allowed: true },
    share: { allowed: true },
    edit: { allowed: true },
    manage: { allowed: true },
  },
  sharing: {
    grantable: ['CAN_SHARE', 'CAN_EDIT', 'CO_OWNER'],
    removeOthers: { allowed: true },
    changeOwn: { allowed: true },
  },
};

/** `access/v1/collections/{id}` of the default handlers: every permission. */
export const fullCollectionAccess = {
  permissions: ['ADMIN'],
  operations: Object.fromEntries(collectionOperations.map((op) => [op, { allowed: true }])),
};

export const testUsers = [
  { id: 1, displayName: 'Ada Admin', emailAddress: 'ada@example.com', role: 'Admin' },
  { id: 1001, displayName: 'Nia Owner', emailAddress: 'nia@example.com', role: 'Editor' },
  { id: 1002, displayName: 'Omar Editor', emailAddress: 'omar@example.com', role: 'Editor' },
];

/** `access/v1/data-files/{id}` and `access/v1/filesets/{id}` of the default handlers: everything. */
export const fullDataFileAccess = {
  operations: Object.fromEntries(
    ['read', 'revise', 'update', 'delete'].map((op) => [op, { allowed: true }]),
  ),
};
export const fullFilesetAccess = {
  operations: Object.fromEntries(
    ['read', 'uploadFile', 'deleteFile'].map((op) => [op, { allowed: true }]),
  ),
};

/** An access token as the platform lists it (never with its value). */
export const anAccessToken = (over: Partial<AccessToken> = {}): AccessToken => ({
  id: 't1',
  name: 'ci',
  ownerId: 2,
  kind: 'access',
  created: '2026-11-01T10:00:00.000Z',
  expires: null,
  lastUsed: null,
  revoked: null,
  ...over,
});

/** A manual stream that loads data file 3 into a dataset; a feature's tests name the dataset. */
export const aStream = (overrides: Partial<Stream> = {}): Stream => ({
  id: 7,
  transport: { type: 'CONNECTOR', description: 'data-file', version: '1' },
  updateMethod: 'APPEND',
  dataProvider: { key: 'data-file' },
  account: { id: 4 },
  dataSource: { id: 'ds-7', name: 'Targets', description: '' },
  configuration: [{ name: 'dataFileId', value: '3', type: 'string', category: 'METADATA' }],
  advancedScheduleJson: '{"type":"MANUAL","timezone":"UTC"}',
  createdAt: '2026-11-21T10:00:00.000Z',
  createdBy: 1,
  nextRunAt: null,
  ...overrides,
});

/** The sample "Sales by region" dataset; a feature's tests name what differs. */
export const aDataset = (overrides: Partial<Dataset> = {}): Dataset => ({
  id: '3b1f7c2e-8a4d-4e6f-9b0a-5c2d1e3f4a10',
  name: 'Sales by region',
  description: 'Orders by region, product and channel',
  owner: 1,
  rowCount: 2000,
  columnCount: 3,
  created: '2026-09-01T08:00:00.000Z',
  lastUpdated: '2026-11-28T08:00:00.000Z',
  ...overrides,
});
