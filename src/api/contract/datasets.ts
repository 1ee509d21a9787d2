import '../../zod-config';
import { z } from 'zod';
import { isoDateTime, jsonObject, userIdInt } from './common';

/** Dataset listing shape (gaps.md: choice). */
export const dataset = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: userIdInt,
  rowCount: z.number().int(),
  columnCount: z.number().int(),
  created: isoDateTime,
  lastUpdated: isoDateTime,
});
export type Dataset = z.infer<typeof dataset>;

export const datasetSortFields = ['name', 'rowCount', 'created', 'lastUpdated'] as const;
export const datasetListParams = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  nameLike: z.string().optional(),
  sort: z.enum(datasetSortFields).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type DatasetListParams = z.infer<typeof datasetListParams>;

/** 2.5 Indexed schema. */
export const indexedColumn = z.object({
  name: z.string(),
  id: z.string(),
  type: z.string(),
  visible: z.boolean(),
  order: z.number().int(),
});
export const indexedSchema = z.object({
  name: z.string(),
  tables: z.array(z.object({ columns: z.array(indexedColumn) })),
  dataSourceId: z.string(),
});
export type IndexedSchema = z.infer<typeof indexedSchema>;

/** Rows preview: `POST /api/query/v1/execute/{datasetId}` (gaps: public path of the same family). */
export const executeQueryBody = z.object({ sql: z.string().min(1) });
export const queryResult = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  numRows: z.number().int(),
  numColumns: z.number().int(),
});
export type QueryResult = z.infer<typeof queryResult>;

/** 4.5 Share. */
export const shareType = z.enum(['USER', 'GROUP']);
export const accessLevel = z.enum(['CO_OWNER', 'CAN_EDIT', 'CAN_SHARE']);
export const sharePermission = z.object({ id: z.string().min(1), type: shareType, accessLevel });
export const shareBody = z.object({
  permissions: z.array(sharePermission).min(1),
  sendEmail: z.boolean().optional(),
});
export type ShareBody = z.infer<typeof shareBody>;
export const permissionList = z.object({
  list: z.array(sharePermission.extend({ name: z.string().optional() })),
});
export type PermissionList = z.infer<typeof permissionList>;

/** Notifications written by `sendEmail` (no mail server: an outbox). */
export const outboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: isoDateTime,
  datasetId: z.string().nullable().optional(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** 4.9 Certification. */
export const certifiableEntityType = z.enum(['CARD', 'DATA_SOURCE']);
export const certificationState = z.object({
  tag: z.literal('CERTIFIED'),
  state: z.literal('ACTIVE').nullable(),
  metadata: z.nullable(jsonObject),
  updated: z.nullable(isoDateTime),
});
export type CertificationState = z.infer<typeof certificationState>;
export const certifyResponse = z.object({ message: z.string() });

/** 4.10 Partitions (fields: choice). */
export const partition = z.object({
  partitionId: z.string(),
  rowCount: z.number().int(),
  createdAt: isoDateTime,
  dataVersion: z.number().int(),
});
export type Partition = z.infer<typeof partition>;
export const partitionDeleted = z.object({ partitionId: z.string(), deleted: z.literal(true) });

/** Session tokens for 4.8 (gaps.md, public). */
export const authenticationBody = z.object({
  method: z.literal('password'),
  emailAddress: z.string().min(1),
  password: z.string().min(1),
});
export const authenticationResult = z.object({ sessionToken: z.string() });
