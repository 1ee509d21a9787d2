import { memo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { EmptyState, Section } from '../../../components';
import { formatDuration, plural } from '../../../lib/format';
import type { StatusFilter } from '../hooks/use-dashboard-params';
import {
  timeRangeLabels,
  type DatasetExport,
  type StatusCounts as Counts,
  type TimeBuckets,
  type TimeRange,
} from '../lib/overview';
import { ExportHistoryTable } from './ExportHistoryTable';
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

const Figure = ({ label, ms }: { label: string; ms: number | undefined }) => (
  <div>
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {label}
    </Typography>
    <Typography sx={{ fontSize: 24, fontWeight: 600 }}>
      {ms === undefined ? '—' : formatDuration(ms)}
    </Typography>
  </div>
);

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
      <Box sx={{ mb: 4 }}>
        <StatusCounts counts={view.counts} current={status} onSelect={onStatus} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, position: 'relative' }}>
          <Section title="Exports over time">
            <ExportsChart buckets={view.buckets} />
          </Section>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Section title="Duration">
            <Stack direction="row" spacing={4}>
              <Figure label="Median" ms={view.durations.median} />
              <Figure label="90th percentile" ms={view.durations.p90} />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              Of {plural(view.durations.count, 'finished export')} in the period
            </Typography>
          </Section>
          <Section title="Running">
            <RunningExports exports={view.running} now={now} />
          </Section>
          <Section title="Recent failures">
            <RecentFailures exports={view.failures} />
          </Section>
        </Paper>
      </Box>
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
          <>
            <ExportHistoryTable
              label="Exports"
              leadHeading="Dataset"
              now={now}
              rows={rows.map(({ dataset, record }) => ({
                key: record.exportId,
                record,
                lead: <DatasetLink dataset={dataset} />,
              }))}
            />
            <TablePagination
              component="div"
              count={view.listed.length}
              page={shownPage}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_e, next) => onPage(next)}
            />
          </>
        )}
      </Section>
    </>
  );
});
