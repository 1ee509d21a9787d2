import '../../zod-config';
import { z } from 'zod';
import { isoDateTime } from './common';
import { queryInt } from './query-params';

/** Who may read the activity log besides Admins (given through a role). */
export const READ_ACTIVITY_GRANT = 'Read activity log';

/** What an event is about; the console links each to its page. */
export const auditObjectTypes = [
  'dataset',
  'card',
  'partition',
  'export',
  'stream',
  'collection',
  'document',
  'calculated-field',
  'data-file',
  'fileset',
  'token',
  'user',
  'role',
  'workflow',
  'generation',
  'app',
  'experiment',
] as const;
export const auditObjectType = z.enum(auditObjectTypes);
export type AuditObjectType = z.infer<typeof auditObjectType>;

/** The actions the platform records, as events name them. */
export const auditActions = [
  'dataset.shared',
  'dataset.access-changed',
  'dataset.access-removed',
  'certified',
  'uncertified',
  'partition.deleted',
  'export.started',
  'stream.created',
  'stream.run',
  'collection.created',
  'collection.changed',
  'collection.deleted',
  'collection.permission-granted',
  'collection.permission-revoked',
  'documents.created',
  'documents.deleted',
  'field.locked',
  'field.unlocked',
  'field.edited',
  'data-file.uploaded',
  'data-file.revised',
  'fileset.file-uploaded',
  'data-file.revision-deleted',
  'user.role-changed',
  'user.disabled',
  'user.enabled',
  'user.signed-in',
  'user.sign-in-refused',
  'user.signed-out',
  'user.password-changed',
  'role.grants-changed',
  'token.minted',
  'token.revoked',
  'workflow.created',
  'workflow.changed',
  'workflow.run',
  'workflow.canceled',
  'generation.run',
  'experiment.created',
  'experiment.cancelled',
  'experiment.saved-as-dataset',
  'app.registered',
  'app.removed',
] as const;

/** One changed field: what it was and what it became (either side absent when created/removed). */
export const auditChange = z.object({
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export const auditChanges = z.record(z.string(), auditChange);
export type AuditChanges = z.infer<typeof auditChanges>;

export const auditEvent = z.object({
  id: z.string(),
  at: isoDateTime,
  actor: z.object({
    id: z.nullable(z.number().int()),
    name: z.string(),
    /** Which credential acted: developer, access, session, or system for scheduled work. */
    tokenKind: z.string(),
  }),
  action: z.string(),
  object: z.object({
    type: auditObjectType,
    id: z.string(),
    name: z.string(),
    /** What it lives in, for a link: a collection's datastore, a partition's or export's dataset. */
    parent: z.nullable(z.string()),
  }),
  changes: auditChanges,
  traceId: z.nullable(z.string()),
  clientAddress: z.nullable(z.string()),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const AUDIT_MAX_PAGE_SIZE = 200;
/** The CSV export stops at this many events: narrow the filters for more. */
export const AUDIT_MAX_EXPORT_ROWS = 50_000;

export const auditEventListParams = z.object({
  actor: queryInt(1, 2_147_483_647).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  objectType: auditObjectType.optional(),
  objectId: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  limit: queryInt(1, AUDIT_MAX_PAGE_SIZE).default(50),
  /** The `next` of the page before: events older than its last. */
  cursor: z
    .string()
    .regex(/^\d{1,17}\.\d{1,19}$/, 'cursor is not one this API gave')
    .optional(),
});
export type AuditEventListParams = z.input<typeof auditEventListParams>;
/** The list's query as the platform reads it (`limit` defaulted). */
export type AuditEventQuery = z.output<typeof auditEventListParams>;
/** What the activity log is filtered by: the query without its paging. */
export type AuditEventFilters = Omit<AuditEventQuery, 'limit' | 'cursor'>;

export const auditEventPage = z.object({
  events: z.array(auditEvent),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next: z.nullable(z.string()),
});
export type AuditEventPage = z.infer<typeof auditEventPage>;
