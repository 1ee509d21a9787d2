import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RunStep } from '../../../api/contract';
import { formatDuration, toDate } from '../../../lib/format';
import { isStepType, stepTypeLabels } from '../lib/step-fields';
import { StepStatusChip } from './RunStatusChip';

function stepDuration(step: RunStep) {
  const start = toDate(step.startedAt)?.getTime();
  const end = toDate(step.finishedAt)?.getTime();
  if (start === undefined) return undefined;
  return formatDuration((end ?? Date.now()) - start);
}

/** The run's steps in order, each with its state, how long it took and why it failed. */
export function RunSteps({ steps }: { steps: RunStep[] }) {
  if (steps.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The platform did not report the steps of this run.
      </Typography>
    );
  return (
    <Box component="ol" aria-label="Steps of the run" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {steps.map((step, i) => {
        const took = stepDuration(step);
        return (
          <Box
            component="li"
            key={step.id}
            aria-label={`${step.name}: ${step.status}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: '24px minmax(0, 1fr) auto',
              gap: 1.5,
              py: 1,
              borderTop: i ? 1 : 0,
              borderColor: 'divider',
              alignItems: 'start',
            }}
          >
            <Typography sx={{ color: 'text.secondary', fontWeight: 600 }} aria-hidden>
              {i + 1}
            </Typography>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {step.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {isStepType(step.type) ? stepTypeLabels[step.type] : step.type} · {step.id}
                {took ? ` · ${took}` : ''}
              </Typography>
              {step.error && (
                <Typography variant="body2" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
                  {step.error}
                </Typography>
              )}
            </Stack>
            <StepStatusChip status={step.status} />
          </Box>
        );
      })}
    </Box>
  );
}
