import Chip from '@mui/material/Chip';

export type StatusTone = 'success' | 'error' | 'warning' | 'info' | 'neutral';

export interface StatusChipProps {
  label: string;
  tone?: StatusTone;
}

export function StatusChip({ label, tone = 'neutral' }: StatusChipProps) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      color={tone === 'neutral' ? 'default' : tone}
    />
  );
}
