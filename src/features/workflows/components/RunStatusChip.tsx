import type { RunStatus } from '../../../api/contract';
import { StatusChip } from '../../../components';
import {
  runStatusTone,
  runStatusWords,
  stepStatusTone,
  stepStatusWords,
} from '../lib/describe-run';

export function RunStatusChip({ status }: { status: RunStatus }) {
  return <StatusChip label={runStatusWords[status]} tone={runStatusTone[status]} />;
}

export function StepStatusChip({ status }: { status: string }) {
  return <StatusChip label={stepStatusWords[status] ?? status} tone={stepStatusTone[status]} />;
}
