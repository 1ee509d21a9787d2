import '../../zod-config';
import { z } from 'zod';
import { int32, isoDateTime, userIdInt } from './common';

export const streamTransport = z.object({
  type: z.string().min(1),
  description: z.string().min(1),
  version: z.string().min(1),
});
export const configurationItem = z.object({
  name: z.string().min(1),
  value: z.string(),
  type: z.string(),
  category: z.string(),
});
export const updateMethod = z.enum(['APPEND', 'REPLACE']);
export type UpdateMethod = z.infer<typeof updateMethod>;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * The decoded form of `advancedScheduleJson`: MANUAL runs on demand only, INTERVAL every
 * `intervalMinutes`, DAILY at `at` (HH:MM) in `timezone` (an IANA name such as UTC).
 */
export const advancedSchedule = z
  .object({
    type: z.enum(['MANUAL', 'INTERVAL', 'DAILY']),
    timezone: z
      .string()
      .min(1)
      .refine(isTimeZone, 'expected an IANA time zone such as UTC or Europe/Paris'),
    intervalMinutes: z.number().int().min(1).max(10_080).optional(),
    at: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time as HH:MM')
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.type === 'INTERVAL' && s.intervalMinutes === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['intervalMinutes'],
        message: 'required by an INTERVAL schedule',
      });
    if (s.type === 'DAILY' && s.at === undefined)
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'required by a DAILY schedule' });
  });
export type AdvancedSchedule = z.infer<typeof advancedSchedule>;

/** 4.3 Create Stream; required fields per gaps.md. */
export const createStreamBody = z.object({
  transport: streamTransport,
  configuration: z.array(configurationItem),
  account: z.object({ id: int32 }),
  updateMethod,
  dataProvider: z.object({ key: z.string().min(1) }),
  dataSource: z.object({
    name: z.string().trim().min(1).max(256),
    description: z.string().max(4096).optional(),
  }),
  advancedScheduleJson: z.string().optional(),
});
export type CreateStreamBody = z.infer<typeof createStreamBody>;

export const executionState = z.enum(['ACTIVE', 'SUCCESS', 'ERROR']);
export const streamExecution = z.object({
  id: z.number().int(),
  streamId: z.number().int(),
  state: executionState,
  runType: z.string(),
  /** The run's number within its stream, from 1 (embedded platform; gaps: a real instance may omit it). */
  runNumber: z.number().int().optional(),
  startedAt: isoDateTime,
  endedAt: z.nullable(isoDateTime),
  rowsInserted: z.number().int(),
  /** Ours (embedded platform), so optional: rows read from the source so far, while it runs. */
  rowsRead: z.number().int().optional(),
  partitionId: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type StreamExecution = z.infer<typeof streamExecution>;

export const stream = z.object({
  id: z.number().int(),
  transport: streamTransport,
  updateMethod,
  dataProvider: z.object({ key: z.string() }),
  account: z.object({ id: z.number().int() }),
  dataSource: z.object({ id: z.string(), name: z.string(), description: z.string().optional() }),
  configuration: z.array(configurationItem),
  advancedScheduleJson: z.string().nullable(),
  createdAt: isoDateTime,
  createdBy: userIdInt,
  /** When the schedule runs the stream next; null for MANUAL (embedded platform: choice). */
  nextRunAt: z.nullable(isoDateTime).optional(),
  /** The stream's latest run, null before the first (embedded platform: choice). */
  lastExecution: streamExecution.nullable().optional(),
});
export type Stream = z.infer<typeof stream>;
export const runStreamBody = z
  .object({ runType: z.literal('MANUAL').optional(), action: z.string().optional() })
  .optional();

/** Accounts and connectors the wizard offers (embedded platform: choice). */
export const account = z.object({ id: z.number().int(), name: z.string(), type: z.string() });
export type Account = z.infer<typeof account>;
export const connectorField = z.object({
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  help: z.string().optional(),
});
export const connector = z.object({
  key: z.string(),
  name: z.string(),
  versions: z.array(z.string()),
  fields: z.array(connectorField),
});
export type Connector = z.infer<typeof connector>;
