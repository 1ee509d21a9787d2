import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RunLogEntry, RunStep } from '../../../api/contract';
import { JsonView } from '../../../components';
import { formatClockTime, toDate } from '../../../lib/format';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const quiet = { color: 'text.secondary' } as const;

/** What one step received and produced, and its own log lines (Temporal's event history). */
export function StepDetails({ step, lines }: { step: RunStep; lines: RunLogEntry[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 1, minWidth: 0 }}>
      <Part title="Received">
        {step.input === undefined ? (
          <Typography variant="body2" sx={quiet}>
            {step.status === 'PENDING' || step.status === 'SKIPPED'
              ? 'The step has not started.'
              : 'Not recorded for this run.'}
          </Typography>
        ) : (
          <JsonView value={step.input} label={`Input of ${step.name}`} maxHeight={200} />
        )}
      </Part>
      <Part title="Produced">
        {step.output === undefined ? (
          <Typography variant="body2" sx={quiet}>
            {step.status === 'IN_PROGRESS'
              ? 'Still running.'
              : step.status === 'COMPLETED'
                ? 'Not recorded for this run.'
                : 'No output: the step did not complete.'}
          </Typography>
        ) : (
          <JsonView value={step.output} label={`Output of ${step.name}`} maxHeight={200} />
        )}
      </Part>
      <Part title="Log">
        {lines.length === 0 ? (
          <Typography variant="body2" sx={quiet}>
            No log lines for this step.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={`Log of ${step.name}`}
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '0.8125rem',
            }}
          >
            {lines.map((line) => {
              const at = toDate(line.at);
              return (
                <Box component="li" key={line.seq} sx={{ overflowWrap: 'anywhere' }}>
                  <Box component="time" dateTime={line.at} sx={{ ...quiet, mr: 1 }}>
                    {at ? formatClockTime(at) : line.at}
                  </Box>
                  {line.message}
                </Box>
              );
            })}
          </Box>
        )}
      </Part>
    </Box>
  );
}
