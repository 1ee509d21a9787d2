import { StatusChip } from '../../../components';
import { describeScanState } from '../lib/revisions';

export function ScanStateChip({ state }: { state: string }) {
  const { label, tone } = describeScanState(state);
  return <StatusChip label={label} tone={tone} />;
}
