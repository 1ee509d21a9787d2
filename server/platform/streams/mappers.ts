import type { Account, Stream, StreamExecution } from '../../../src/api/contract';
import { isSecretName, REDACTED, redactText } from '../core/redact';
import type { AccountRow, ExecutionRow, StreamRow } from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toStream = (s: StreamRow): Stream => ({
  id: s.id,
  transport: s.transport,
  updateMethod: s.update_method,
  dataProvider: { key: s.data_provider },
  account: { id: s.account_id },
  dataSource: { id: s.dataset_id, name: s.dataset_name, description: s.dataset_description },
  // A secret in a setting (by its name, or a URL's password or secret query value) is used by the
  // run, never shown again.
  configuration: s.configuration.map((item) => ({
    ...item,
    value: isSecretName(item.name) ? REDACTED : redactText(item.value),
  })),
  advancedScheduleJson: s.advanced_schedule_json,
  createdAt: iso(s.created_at),
  createdBy: s.created_by,
  nextRunAt: s.next_run_at === null ? null : iso(s.next_run_at),
  lastExecution:
    s.last_execution === null || s.last_execution === undefined
      ? null
      : toExecution({
          ...s.last_execution,
          started_at: new Date(s.last_execution.started_at),
          ended_at: s.last_execution.ended_at === null ? null : new Date(s.last_execution.ended_at),
        }),
});

export const toExecution = (e: ExecutionRow): StreamExecution => ({
  id: e.id,
  streamId: e.stream_id,
  state: e.state,
  runType: e.run_type,
  ...(e.run_number === null ? {} : { runNumber: e.run_number }),
  startedAt: iso(e.started_at),
  endedAt: e.ended_at === null ? null : iso(e.ended_at),
  rowsInserted: e.rows_inserted,
  ...(e.rows_read === undefined || e.rows_read === null ? {} : { rowsRead: e.rows_read }),
  partitionId: e.partition_id,
  errorMessage: e.error_message,
});

export const toAccount = (a: AccountRow): Account => ({ id: a.id, name: a.name, type: a.type });
