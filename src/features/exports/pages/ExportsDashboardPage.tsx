import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components';
import { FilterBar, searchFilter, selectFilter } from '../../../components/FilterBar';
import { formatCount, formatRelative, livePausedNote, plural } from '../../../lib/format';
import { EXPORTS_ACROSS_POLL_MS } from '../../../api/exports';
import { DashboardFigures, PAGE_SIZE, type DashboardView } from '../components/DashboardFigures';
import { useExportsOverview, type ExportsOverview } from '../hooks/use-exports-overview';
import { useListController } from '../../../hooks/use-list-controller';
import { useNow } from '../../../hooks/use-now';
import { dashboardSpec } from '../lib/dashboard-params';
import { useThrottled } from '../hooks/use-throttled';
import {
  countByStatus,
  durationFigures,
  inRange,
  newestFirst,
  timeBuckets,
  timeRangeLabels,
} from '../lib/overview';

const DRAW_MS = 250;
const FAILURES_SHOWN = 3;

function Freshness({ overview, now }: { overview: ExportsOverview; now: number }) {
  const { read, failures, datasetCount, oldestRead, newestRead, fetching, live, livePaused } =
    overview;
  // A dataset whose read failed is settled too: it is named in the warning, not waited for.
  const settled = read + failures.length;
  if (settled < datasetCount)
    return (
      <Box sx={{ minWidth: 240 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Reading the exports of {formatCount(settled)} of {plural(datasetCount, 'dataset')}…
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(settled / Math.max(1, datasetCount)) * 100}
          aria-label="Datasets read"
        />
      </Box>
    );
  if (oldestRead === undefined || newestRead === undefined) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
      {plural(datasetCount, 'dataset')} watched ·{' '}
      {live
        ? 'updated as exports change'
        : livePaused
          ? livePausedNote(EXPORTS_ACROSS_POLL_MS)
          : freshness(oldestRead, newestRead, now)}
      {fetching ? ' · refreshing…' : ''}
    </Typography>
  );
}

const age = (at: number, now: number) =>
  now - at < 5_000 ? 'just now' : formatRelative(new Date(at), new Date(Math.max(now, at)));

/** How old the figures are: each dataset is read on its own, so say the oldest and newest. */
function freshness(oldest: number, newest: number, now: number) {
  if (newest - oldest < 5_000) return `updated ${age(newest, now)}`;
  return `figures from ${age(oldest, now)} to ${age(newest, now)}`;
}

/** The export monitoring dashboard: every dataset's exports at a glance. */
export function ExportsDashboardPage() {
  const list = useListController(dashboardSpec);
  const { params, setters } = list;
  const overview = useExportsOverview();
  // Hundreds of datasets answer one by one: the figures, chart and table are drawn again at
  // most every DRAW_MS, not once per answer, so the page stays responsive while they arrive.
  const exports = useThrottled(overview.exports, DRAW_MS);
  const anyRunning = exports.some((e) => e.record.exportStatus === 'running');
  const now = useNow(true, anyRunning ? 1_000 : 15_000);

  const view: DashboardView = useMemo(() => {
    const search = params.q.toLowerCase();
    const matching = search
      ? exports.filter((e) => e.dataset.name.toLowerCase().includes(search))
      : exports;
    const period = newestFirst(inRange(matching, params.range, now));
    const listed =
      params.status === 'all'
        ? period
        : period.filter((e) => e.record.exportStatus === params.status);
    return {
      listed,
      counts: countByStatus(period),
      running: period.filter((e) => e.record.exportStatus === 'running'),
      failures: period.filter((e) => e.record.exportStatus === 'failed').slice(0, FAILURES_SHOWN),
      // The chart and the durations follow the status filter, as the table does.
      durations: durationFigures(listed),
      buckets: timeBuckets(listed, params.range, now),
    };
  }, [exports, params.q, params.range, params.status, now]);

  const header = (
    <PageHeader
      title="Export monitoring"
      subtitle={<Freshness overview={overview} now={now} />}
      actions={
        <Button
          startIcon={<RefreshIcon />}
          onClick={() => void overview.refresh()}
          disabled={overview.fetching}
        >
          Refresh
        </Button>
      }
    />
  );

  if (overview.datasetsError)
    return (
      <>
        {header}
        <ErrorState error={overview.datasetsError} onRetry={() => void overview.refresh()} />
      </>
    );
  if (overview.datasetsPending)
    return (
      <>
        {header}
        <LoadingState label="Loading datasets" rows={6} />
      </>
    );
  if (overview.datasetCount === 0)
    return (
      <>
        {header}
        <EmptyState
          title="There are no datasets yet"
          description="Exports are made from a dataset's Exports tab; a stream or a collection sync creates datasets."
        />
      </>
    );

  return (
    <>
      {header}
      <FilterBar
        filters={[
          selectFilter({
            label: 'Period',
            value: params.range,
            onChange: setters.range,
            choices: timeRangeLabels,
            minWidth: 200,
          }),
          searchFilter({ label: 'Dataset name', value: params.q, onSearch: setters.q }),
        ]}
      />
      {overview.truncated && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {overview.truncated === 'datasets'
            ? `Only the first ${formatCount(overview.datasetCount)} datasets are watched.`
            : `Only the newest ${formatCount(overview.exports.length)} exports are shown.`}
        </Alert>
      )}
      {overview.failures.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The exports of {plural(overview.failures.length, 'dataset')} could not be read:{' '}
          {overview.failures.slice(0, 3).map(({ dataset, error }, i) => (
            <span key={dataset.id}>
              {i > 0 && '; '}
              {dataset.name} ({error.message})
            </span>
          ))}
          {overview.failures.length > 3 ? '…' : ''}
        </Alert>
      )}
      <DashboardFigures
        view={view}
        status={params.status}
        range={params.range}
        // A number and stable setters: the figures are memoized and redraw only when they change.
        page={list.pager({ pageSize: PAGE_SIZE }).page}
        now={now}
        stillReading={overview.read + overview.failures.length < overview.datasetCount}
        onStatus={setters.status}
        onPage={setters.page}
      />
    </>
  );
}
