import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Experiment } from '../../../../api/contract';
import { DateTime } from '../../../../components';
import { formatCount, plural } from '../../../../lib/format';
import { ExperimentStateChip } from './ExperimentStateChip';

/** The state, how far the run is (done of total, failed, cancelled), and why it failed. */
export function ExperimentProgress({ experiment }: { experiment: Experiment }) {
  const { progress } = experiment;
  const finished = progress.done + progress.failed + progress.cancelled;
  const percent = progress.total ? Math.round((100 * finished) / progress.total) : 0;
  const running = experiment.state === 'QUEUED' || experiment.state === 'RUNNING';
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ExperimentStateChip state={experiment.state} />
        <Typography variant="body2" aria-live="polite">
          {formatCount(progress.done)} of {plural(progress.total, 'cell')} done
          {progress.failed > 0 && ` · ${formatCount(progress.failed)} failed`}
          {progress.cancelled > 0 && ` · ${formatCount(progress.cancelled)} cancelled`}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Ran by {experiment.ownerName} · created <DateTime value={experiment.createdAt} />
          {experiment.finishedAt && (
            <>
              {' '}
              · ended <DateTime value={experiment.finishedAt} />
            </>
          )}
        </Typography>
      </Stack>
      <Box>
        <LinearProgress
          variant={experiment.state === 'QUEUED' ? 'indeterminate' : 'determinate'}
          value={percent}
          color={progress.failed > 0 ? 'warning' : running ? 'primary' : 'success'}
          aria-label="Cells finished"
          aria-valuetext={`${formatCount(finished)} of ${formatCount(progress.total)}`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
      {experiment.error && (
        <Alert severity="error">The experiment failed: {experiment.error}</Alert>
      )}
    </Stack>
  );
}
