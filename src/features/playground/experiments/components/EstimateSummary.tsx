import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ExperimentEstimate } from '../../../../api/contract';
import { ErrorState } from '../../../../components';
import { formatCount, plural } from '../../../../lib/format';

interface EstimateSummaryProps {
  estimate: ExperimentEstimate | undefined;
  /** The form is complete: an estimate can be asked for. */
  complete: boolean;
  /** The estimate shown is of the form as it is now. */
  current: boolean;
  fetching: boolean;
  error: unknown;
}

/** What the run will make, before it runs: calls, judge calls and tokens. */
export function EstimateSummary({
  estimate,
  complete,
  current,
  fetching,
  error,
}: EstimateSummaryProps) {
  const busy = complete && (!current || fetching);
  return (
    <Box aria-live="polite" aria-busy={busy}>
      <Box sx={{ height: 4, mb: 1 }}>
        {busy && <LinearProgress aria-label="Estimating the run" />}
      </Box>
      {!complete ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Complete the form to see how many calls and tokens the run will make.
        </Typography>
      ) : error && current && !fetching ? (
        <ErrorState error={error} title="The run cannot be estimated" />
      ) : estimate ? (
        <Typography variant="body2" sx={{ color: busy ? 'text.secondary' : 'text.primary' }}>
          {plural(estimate.cases, 'case')} · <strong>{plural(estimate.calls, 'call')}</strong>
          {estimate.judgeCalls > 0 && <> + {plural(estimate.judgeCalls, 'judge call')}</>} ·{' '}
          {formatCount(estimate.inputTokens)} prompt tokens · at most{' '}
          {formatCount(estimate.maxOutputTokens)} output tokens
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Estimating…
        </Typography>
      )}
    </Box>
  );
}
