import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import type { ExperimentCell, ExperimentScorer } from '../../../../api/contract';
import { Tooltip } from '../../../../components/Tooltip';
import { formatCount, formatDuration } from '../../../../lib/format';
import { formatScore, scorerLabel } from '../lib/describe';
import { CellStateChip } from './ExperimentStateChip';

/** Characters of an output shown before "Show all". */
export const OUTPUT_PREVIEW_CHARS = 240;

const scoreColor = (score: number) => (score >= 1 ? 'success' : score <= 0 ? 'error' : 'warning');

function ScoreChips({ cell, scorers }: { cell: ExperimentCell; scorers: ExperimentScorer[] }) {
  if (cell.scores.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {cell.scores.map((s) => {
        const scorer = scorers[s.scorer];
        const label = `${scorer ? scorerLabel(scorer) : `Scorer ${s.scorer + 1}`}: ${formatScore(s.score)}`;
        const chip = (
          <Chip
            size="small"
            variant="outlined"
            color={scoreColor(s.score)}
            label={label}
            tabIndex={s.reason ? 0 : undefined}
          />
        );
        return s.reason ? (
          <Tooltip key={s.scorer} title={s.reason} describeChild>
            {chip}
          </Tooltip>
        ) : (
          <Box key={s.scorer} component="span">
            {chip}
          </Box>
        );
      })}
    </Stack>
  );
}

interface CellViewProps {
  cell: ExperimentCell | undefined;
  scorers: ExperimentScorer[];
  /** "case 3, variant B": what the cell's buttons say they act on. */
  where: string;
  onRunAgain?: () => void;
  runningAgain?: boolean;
}

/** One variant's answer to one case: output, scores, tokens and latency, or why it failed. */
export function CellView({ cell, scorers, where, onRunAgain, runningAgain }: CellViewProps) {
  const [open, setOpen] = useState(false);
  if (!cell)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        —
      </Typography>
    );
  const output = cell.output ?? '';
  const long = output.length > OUTPUT_PREVIEW_CHARS;
  const shown = long && !open ? `${output.slice(0, OUTPUT_PREVIEW_CHARS)}…` : output;
  return (
    <Stack spacing={1} sx={{ minWidth: 160 }}>
      {cell.state !== 'DONE' && (
        <div>
          <CellStateChip state={cell.state} />
        </div>
      )}
      {cell.state === 'FAILED' && (
        <Alert severity="error" sx={{ py: 0, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
          {cell.error ?? 'The call failed.'}
          {cell.attempts > 1 && ` (${formatCount(cell.attempts)} attempts)`}
        </Alert>
      )}
      {cell.output !== null && (
        <Typography
          variant="body2"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'monospace',
            fontSize: '0.8125rem',
          }}
        >
          {shown}
        </Typography>
      )}
      {(long || cell.truncated) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {long && (
            <Button
              size="small"
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-label={`${open ? 'Show less' : 'Show all'} of the output of ${where}`}
            >
              {open ? 'Show less' : 'Show all'}
            </Button>
          )}
          {cell.truncated && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              The answer was longer; the platform kept its start.
            </Typography>
          )}
        </Stack>
      )}
      <ScoreChips cell={cell} scorers={scorers} />
      {(cell.latencyMs !== null || cell.inputTokens !== null) && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {cell.inputTokens !== null &&
            `${formatCount(cell.inputTokens)} in · ${formatCount(cell.outputTokens ?? 0)} out tokens`}
          {cell.latencyMs !== null && ` · ${formatDuration(cell.latencyMs)}`}
        </Typography>
      )}
      {cell.state === 'FAILED' && onRunAgain && (
        <div>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ReplayIcon />}
            onClick={onRunAgain}
            loading={runningAgain}
            loadingPosition="start"
            aria-label={`Run again: ${where}`}
          >
            Run again
          </Button>
        </div>
      )}
    </Stack>
  );
}
