import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { RunLogEntry } from '../../../api/contract';
import { ErrorState, LoadingState, SearchField } from '../../../components';
import { RUN_POLL_MS } from '../../../api/workflows';
import { formatClockTime, formatCount, livePausedNote, toDate } from '../../../lib/format';
import type { RunLogView } from '../hooks/use-run-log';

const levelColor: Record<RunLogEntry['level'], string> = {
  DEBUG: 'text.secondary',
  INFO: 'info.main',
  WARN: 'warning.main',
  ERROR: 'error.main',
};

function Line({ entry, stepWidth }: { entry: RunLogEntry; stepWidth: string }) {
  const at = toDate(entry.at);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `5.5em 3.6em ${stepWidth} minmax(0, 1fr)`,
        columnGap: 1.5,
        py: 0.25,
      }}
    >
      <Box component="time" dateTime={entry.at} sx={{ color: 'text.secondary' }}>
        {at ? formatClockTime(at) : entry.at}
      </Box>
      <Box sx={{ color: levelColor[entry.level], fontWeight: 600 }}>{entry.level}</Box>
      <Box
        title={entry.step || undefined}
        sx={{
          color: 'text.secondary',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {entry.step ? `[${entry.step}]` : ''}
      </Box>
      <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.message}</Box>
    </Box>
  );
}

/** The live log: `role="log"`, follow (auto-scroll) and pause, search, download as text. */
export function RunLog({ view, active }: { view: RunLogView; active: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const { log, shown, entries, follow } = view;
  // One width for the step column of every line, so the messages line up; the brackets and a
  // spare character keep the longest step id whole (only one past 32 characters is cut).
  const longestStep = entries.reduce((n, e) => Math.max(n, e.step.length), 4);
  const stepWidth = `${Math.min(longestStep, 32) + 3}ch`;

  useEffect(() => {
    const el = box.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [follow, shown.length]);

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <SearchField
          label="Search the log"
          value={view.search}
          onSearch={view.setSearch}
          sx={{ width: { xs: '100%', md: 280 } }}
        />
        <FormControlLabel
          control={
            <Switch checked={follow} onChange={(event) => view.setFollow(event.target.checked)} />
          }
          label="Follow"
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={view.paused ? <PlayArrowIcon /> : <PauseIcon />}
          onClick={view.togglePaused}
          aria-pressed={view.paused}
          disabled={!active && !view.paused}
        >
          {view.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          onClick={view.download}
          disabled={entries.length === 0}
        >
          Download
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: { md: 'auto' } }}>
          {view.search.trim()
            ? `${formatCount(shown.length)} of ${formatCount(entries.length)} lines`
            : `${formatCount(entries.length)} lines`}
          {view.paused
            ? ' · paused'
            : active && view.live.paused
              ? ` · ${livePausedNote(RUN_POLL_MS)}`
              : active
                ? ' · live'
                : ''}
        </Typography>
      </Stack>
      {view.paused && (
        <Alert severity="info">Paused: new lines are not read until you resume.</Alert>
      )}
      {log.isError && (
        <ErrorState
          error={log.error}
          title="Cannot read the log"
          onRetry={() => void log.refetch()}
        />
      )}
      {log.isPending ? (
        <LoadingState label="Loading the log" rows={3} />
      ) : (
        <Box
          ref={box}
          role="log"
          aria-live="polite"
          aria-label="Run log"
          tabIndex={0}
          onScroll={(event) => {
            const el = event.currentTarget;
            const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
            if (follow && !atBottom) view.setFollow(false);
          }}
          sx={{
            maxHeight: 480,
            minHeight: 160,
            overflow: 'auto',
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.8125rem',
          }}
        >
          {shown.map((entry) => (
            <Line key={entry.seq} entry={entry} stepWidth={stepWidth} />
          ))}
          {shown.length === 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {entries.length === 0
                ? active
                  ? 'Waiting for the first line…'
                  : 'This run wrote no log lines.'
                : 'No line matches the search.'}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
