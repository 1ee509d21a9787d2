import type { CellState, ExperimentState } from '../../../../api/contract';
import { StatusChip } from '../../../../components';
import {
  cellStateTone,
  cellStateWords,
  experimentStateTone,
  experimentStateWords,
} from '../lib/describe';

export function ExperimentStateChip({ state }: { state: ExperimentState }) {
  return <StatusChip label={experimentStateWords[state]} tone={experimentStateTone[state]} />;
}

export function CellStateChip({ state }: { state: CellState }) {
  return <StatusChip label={cellStateWords[state]} tone={cellStateTone[state]} />;
}
