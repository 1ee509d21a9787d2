import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../../lib/format';
import type { StatusFilter } from '../lib/dashboard-params';
import type { StatusCounts as Counts } from '../lib/overview';

const cards: { filter: StatusFilter; label: string; color: string }[] = [
  { filter: 'all', label: 'All exports', color: 'text.primary' },
  { filter: 'running', label: 'Running', color: 'info.main' },
  { filter: 'success', label: 'Succeeded', color: 'success.main' },
  { filter: 'failed', label: 'Failed', color: 'error.main' },
];

export interface StatusCountsProps {
  counts: Counts;
  current: StatusFilter;
  onSelect: (filter: StatusFilter) => void;
}

/** Counts by status; each is a toggle that filters the exports below. */
export function StatusCounts({ counts, current, onSelect }: StatusCountsProps) {
  const total = counts.running + counts.success + counts.failed + counts.none;
  return (
    <Box
      role="group"
      aria-label="Filter by status"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}
    >
      {cards.map(({ filter, label, color }) => {
        const value = filter === 'all' ? total : counts[filter];
        const pressed = current === filter;
        return (
          <ButtonBase
            key={filter}
            aria-pressed={pressed}
            onClick={() => onSelect(pressed ? 'all' : filter)}
            sx={{
              display: 'block',
              textAlign: 'left',
              px: 2,
              py: 1,
              borderRadius: 1,
              border: 1,
              borderColor: pressed ? 'primary.main' : 'divider',
              bgcolor: pressed ? 'action.selected' : 'background.paper',
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography
              component="span"
              sx={{ fontSize: 24, fontWeight: 600, lineHeight: 1.3, color }}
            >
              {formatCount(value)}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
