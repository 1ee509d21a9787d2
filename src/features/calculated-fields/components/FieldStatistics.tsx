import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { calculatedFieldStatistics } from '../../../api/contract/calculated-fields';
import { formatCount } from '../../../lib/format';

type Statistics = z.infer<typeof calculatedFieldStatistics>;

export interface FieldStatisticsProps {
  statistics: Statistics | undefined;
  lockedOnly: boolean;
  invalidOnly: boolean;
  onLockedOnly: (on: boolean) => void;
  onInvalidOnly: (on: boolean) => void;
}

/** Total, locked and invalid fields over the whole platform; locked and invalid filter the list. */
export function FieldStatistics({
  statistics,
  lockedOnly,
  invalidOnly,
  onLockedOnly,
  onInvalidOnly,
}: FieldStatisticsProps) {
  const figures = [
    { label: 'Calculated fields', value: statistics?.total, color: 'text.primary' },
    {
      label: 'Locked',
      value: statistics?.locked,
      color: 'warning.main',
      pressed: lockedOnly,
      onClick: () => onLockedOnly(!lockedOnly),
    },
    {
      label: 'Invalid',
      value: statistics?.invalid,
      color: 'error.main',
      pressed: invalidOnly,
      onClick: () => onInvalidOnly(!invalidOnly),
    },
  ];
  return (
    <Box
      role="group"
      aria-label="Statistics"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}
    >
      {figures.map(({ label, value, color, pressed, onClick }) => {
        const body = (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="span" sx={{ fontSize: 28, fontWeight: 600, color }}>
              {value === undefined ? <Skeleton width={64} /> : formatCount(value)}
            </Typography>
          </>
        );
        const sx = {
          display: 'block',
          textAlign: 'left',
          p: 2,
          borderRadius: 1,
          border: 1,
          borderColor: pressed ? 'primary.main' : 'divider',
          bgcolor: pressed ? 'action.selected' : 'background.paper',
        } as const;
        return onClick ? (
          <ButtonBase
            key={label}
            aria-pressed={pressed}
            onClick={onClick}
            sx={{ ...sx, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
          >
            {body}
          </ButtonBase>
        ) : (
          <Box key={label} sx={sx}>
            {body}
          </Box>
        );
      })}
    </Box>
  );
}
