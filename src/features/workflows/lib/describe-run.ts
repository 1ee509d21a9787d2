import type { RunStatus } from '../../../api/contract';
import type { StatusTone } from '../../../components';

export const runStatusWords: Record<RunStatus, string> = {
  QUEUED: 'Queued',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELED: 'Canceled',
};

export const runStatusTone: Record<RunStatus, StatusTone> = {
  QUEUED: 'neutral',
  IN_PROGRESS: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELED: 'warning',
};

export const stepStatusWords: Record<string, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELED: 'Canceled',
  SKIPPED: 'Skipped',
};

export const stepStatusTone: Record<string, StatusTone> = {
  PENDING: 'neutral',
  IN_PROGRESS: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELED: 'warning',
  SKIPPED: 'neutral',
};

/** What the user calls a run: its number among its workflow's runs ("Run #12"). */
export const runName = (run: { id: string; number?: number }) =>
  run.number ? `Run #${run.number}` : `Run ${run.id.slice(0, 8)}`;
