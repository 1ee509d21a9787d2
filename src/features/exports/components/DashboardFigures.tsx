import { memo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EmptyState, Section } from '../../../components';
import { TwoColumns } from '../../../components/TwoColumns';
import { formatDuration, plural } from '../../../lib/format';
import type { StatusFilter } from '../lib/dashboard-params';
import {
  timeRangeLabels,
  type DatasetExport,
  type StatusCounts as Counts,
  type TimeBuckets,
  type TimeRange,
} from '../lib/overview';
import { ExportHistoryTable } from './ExportHistoryTable';
import { statusLabels } from '../lib/records';
import { DatasetLink, RecentFailures, RunningExports } from './ExportLists';
import { ExportsChart } from './ExportsChart';
import { StatusCounts } from './StatusCounts';

export const PAGE_SIZE = 25;

export interface DashboardView {
  listed: DatasetExport[];
  counts: Counts;
  running: DatasetExport[];
  failures: DatasetExport[];
  durations: { count: number; median?: number; p90?: number };
  buckets: TimeBuckets;
}

export interface DashboardFiguresProps {
  view: DashboardView;
  status: StatusFilter;
  range: TimeRange;
  page: number;
  now: number;
  stillReading: boolean;
  onStatus: (status: StatusFilter) => void;
  onPage: (page: number) => void;
}

/** Median and p90 of the finished exports shown, in one line under the chart's heading. */
function durationLine({ count, median, p90 }: DashboardView['durations']) {
  if (count === 0) return 'No finished export to time';
  return `Duration: median ${formatDuration(median ?? 0)}, 90th percentile ${formatDuration(p90 ?? 0)} · of ${plural(count, 'finished export')}`;
}

/**
 * Everything drawn from the exports: memoized, so that the page's own updates (each dataset
 * answering, the freshness line) do not redraw the chart and the table.
 */
export const DashboardFigures = memo(function DashboardFigures({
  view,
  status,
  range,
  page,
  now,
  stillReading,
  onStatus,
  onPage,
}: DashboardFiguresProps) {
  const lastPage = Math.max(0, Math.ceil(view.listed.length / PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = view.listed.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <StatusCounts counts={view.counts} current={status} onSelect={onStatus} />
      </Box>
      <TwoColumns widths={[2, 1]} sx={{ mb: 2 }}>
        <Paper variant="outlined" sx={{ px: 2, pt: 1.5, position: 'relative' }}>
          <Typography variant="h2">Exports over time</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {status === 'all' ? 'Every status' : `${statusLabels[status]} only`} ·{' '}
            {durationLine(view.durations)}
          </Typography>
          <ExportsChart buckets={view.buckets} />
        </Paper>
        <Paper variant="outlined" sx={{ px: 2, py: 1.5 }}>
          <Typography variant="h2">Running</Typography>
          <RunningExports exports={view.running} now={now} />
          <Typography variant="h2" sx={{ mt: 1.5 }}>
            Recent failures
          </Typography>
          <RecentFailures exports={view.failures} />
        </Paper>
      </TwoColumns>
      <Section
        title="Exports"
        description={`${plural(view.listed.length, 'export')} · ${timeRangeLabels[range].toLowerCase()}`}
      >
        {view.listed.length === 0 ? (
          <EmptyState
            title={stillReading ? 'Still reading…' : 'No export matches'}
            description="Change the period, the status or the dataset name."
          />
        ) : (
          <ExportHistoryTable
            label="Exports"
            leadHeading="Dataset"
            now={now}
            rows={rows.map(({ dataset, record }) => ({
              key: record.exportId,
              record,
              datasetId: dataset.id,
              lead: <DatasetLink dataset={dataset} />,
            }))}
            pager={{
              page: shownPage,
              pageSize: PAGE_SIZE,
              total: view.listed.length,
              onPageChange: onPage,
              // The count is in the section's description: one page needs no pager.
              hideWhenOnePage: true,
            }}
          />
        )}
      </Section>
    </>
  );
});
