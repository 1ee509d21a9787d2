import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { formatShortDay, formatTimeOfDay, plural } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { TimeBuckets } from '../lib/overview';
import { statusLabels } from '../lib/records';

/** Exports started per hour or day, stacked by status. */
export function ExportsChart({ buckets }: { buckets: TimeBuckets }) {
  const theme = useTheme();
  const labels = buckets.starts.map((t) =>
    buckets.size === 'hour' ? formatTimeOfDay(t) : formatShortDay(t),
  );
  const series = (['success', 'failed', 'running'] as const).map((status) => ({
    data: buckets.counts[status],
    label: statusLabels[status],
    stack: 'exports',
    color: {
      success: theme.palette.success.main,
      failed: theme.palette.error.main,
      running: theme.palette.info.main,
    }[status],
  }));
  const total = buckets.starts.reduce(
    (sum, _t, i) => sum + series.reduce((s, serie) => s + (serie.data[i] ?? 0), 0),
    0,
  );
  return (
    <figure style={{ margin: 0 }} aria-label={`Exports started per ${buckets.size}, by status`}>
      <BarChart
        height={160}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={series}
        margin={{ left: 0, right: 8 }}
      />
      <figcaption style={visuallyHidden}>
        {plural(total, 'export')} started in the period, per {buckets.size}:{' '}
        {labels
          .map((label, i) => ({ label, parts: series.filter((s) => s.data[i]), i }))
          .filter(({ parts }) => parts.length > 0)
          .map(
            ({ label, parts, i }) =>
              `${label}: ${parts.map((s) => `${s.data[i]} ${s.label.toLowerCase()}`).join(', ')}`,
          )
          .join('; ')}
      </figcaption>
    </figure>
  );
}
