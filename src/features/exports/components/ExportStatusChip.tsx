import type { ExportStatus } from '../../../api/contract';
import { StatusChip } from '../../../components';
import { statusLabels, statusTones } from '../lib/records';

export const ExportStatusChip = ({ status }: { status: ExportStatus }) => (
  <StatusChip label={statusLabels[status]} tone={statusTones[status]} />
);
