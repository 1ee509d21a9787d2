import type { StreamExecution } from '../../../api/contract';
import { StatusChip } from '../../../components';
import { runStateTone, runStateWords } from '../model/describe-stream';

export function RunStatusChip({ state }: { state: StreamExecution['state'] }) {
  return <StatusChip label={runStateWords[state]} tone={runStateTone[state]} />;
}
