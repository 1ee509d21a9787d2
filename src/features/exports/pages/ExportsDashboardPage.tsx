import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState, ErrorState, LoadingState, PageHeader, Section } from '../../../components';
import { formatCount, formatDuration, formatRelative, plural } from '../../../lib/format';
import { ExportHistoryTable } from '../components/ExportHistoryTable';
import { DatasetLink, RecentFailures, RunningExports } from '../components/ExportLists';
import { ExportsChart } from '../components/ExportsChart';
import { StatusCounts } from '../components/StatusCounts';
import { useDashboardParams } from '../hooks/use-dashboard-params';
import { useExportsOverview, type ExportsOverview } from '../hooks/use-exports-overview';
import { useNow } from '../hooks/use-now';
import {
  countByStatus,
  durationFigures,
  inRange,
  newestFirst,
  timeBuckets,
  timeRangeLabels,
  timeRanges,
} from '../lib/overview';

const PAGE_SIZE = 25;
const FAILURES_SHOWN = 5;

function Freshness({ overview, now }: { overview: ExportsOverview; now: number }) {
  const { read, failures, datasetCount, oldestRead, newestRead, fetching } = overview;
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
      {plural(datasetCount, 'dataset')} watched · {freshness(oldestRead, newestRead, now)}
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
  const params = useDashboardParams();
  const overview = useExportsOverview();
  const anyRunning = overview.exports.some((e) => e.record.exportStatus === 'running');
  const now = useNow(anyRunning ? 1_000 : 15_000, true);

  const view = useMemo(() => {
    const search = params.search.toLowerCase();
    const matching = search
      ? overview.exports.filter((e) => e.dataset.name.toLowerCase().includes(search))
      : overview.exports;
    const period = newestFirst(inRange(matching, params.range, now));
    const listed =
      params.status === 'all'
        ? period
        : period.filter((e) => e.record.exportStatus === params.status);
    return {
      period,
      listed,
      counts: countByStatus(period),
      running: period.filter((e) => e.record.exportStatus === 'running'),
      failures: period.filter((e) => e.record.exportStatus === 'failed').slice(0, FAILURES_SHOWN),
      durations: durationFigures(period),
      buckets: timeBuckets(period, params.range, now),
    };
  }, [overview.exports, params.search, params.range, params.status, now]);

  const pageRows = view.listed.slice(params.page * PAGE_SIZE, (params.page + 1) * PAGE_SIZE);
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
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mb: 3 }}>
        <TextField
          select
          size="small"
          label="Period"
          value={params.range}
          onChange={(e) => params.setRange(e.target.value)}
          sx={{ width: 200 }}
        >
          {timeRanges.map((range) => (
            <MenuItem key={range} value={range}>
              {timeRangeLabels[range]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="search"
          size="small"
          label="Dataset name"
          value={params.search}
          onChange={(e) => params.setSearch(e.target.value)}
          sx={{ width: { xs: '100%', sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      {overview.truncated && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Only the first {formatCount(overview.datasetCount)} datasets are watched.
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
      <Box sx={{ mb: 4 }}>
        <StatusCounts counts={view.counts} current={params.status} onSelect={params.setStatus} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
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
              <div>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Median
                </Typography>
                <Typography sx={{ fontSize: 24, fontWeight: 600 }}>
                  {view.durations.median === undefined
                    ? '—'
                    : formatDuration(view.durations.median)}
                </Typography>
              </div>
              <div>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  90th percentile
                </Typography>
                <Typography sx={{ fontSize: 24, fontWeight: 600 }}>
                  {view.durations.p90 === undefined ? '—' : formatDuration(view.durations.p90)}
                </Typography>
              </div>
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
        description={`${plural(view.listed.length, 'export')} · ${timeRangeLabels[params.range].toLowerCase()}`}
      >
        {view.listed.length === 0 ? (
          <EmptyState
            title={
              overview.read + overview.failures.length < overview.datasetCount
                ? 'Still reading…'
                : 'No export matches'
            }
            description="Change the period, the status or the dataset name."
          />
        ) : (
          <>
            <ExportHistoryTable
              label="Exports"
              leadHeading="Dataset"
              now={now}
              rows={pageRows.map(({ dataset, record }) => ({
                key: record.exportId,
                record,
                lead: <DatasetLink dataset={dataset} />,
              }))}
            />
            <TablePagination
              component="div"
              count={view.listed.length}
              page={Math.min(
                params.page,
                Math.max(0, Math.ceil(view.listed.length / PAGE_SIZE) - 1),
              )}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_e, page) => params.setPage(page)}
            />
          </>
        )}
      </Section>
    </>
  );
}
