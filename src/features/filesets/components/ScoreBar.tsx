import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../lib/format';

/** A relevance score as a bar against the best score of the results (scores are in 0..1). */
export function ScoreBar({ score, best }: { score: number; best: number }) {
  const value = best > 0 ? Math.min(100, (score / best) * 100) : 0;
  const label = formatNumber(score);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 100 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={`Score ${label}`}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 32 }}>
        {label}
      </Typography>
    </Box>
  );
}
