import type { AuditEvent } from '../../../src/api/contract/audit';
import { csvField } from '../exports/csv';

export const AUDIT_CSV_HEADER = [
  'time',
  'actor id',
  'actor',
  'token kind',
  'action',
  'object type',
  'object id',
  'object name',
  'changes',
  'trace id',
  'client address',
];

/** A spreadsheet would run a cell that starts like a formula: such text is kept as text. */
const cell = (value: string | number | null) =>
  csvField(typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const csvLine = (cells: Array<string | number | null>) => cells.map(cell).join(',') + '\r\n';

export const eventCsvLine = (e: AuditEvent) =>
  csvLine([
    e.at,
    e.actor.id,
    e.actor.name,
    e.actor.tokenKind,
    e.action,
    e.object.type,
    e.object.id,
    e.object.name,
    JSON.stringify(e.changes),
    e.traceId,
    e.clientAddress,
  ]);
