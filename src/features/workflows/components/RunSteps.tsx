import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { RunLogEntry, RunStep } from '../../../api/contract';
import { stepDuration } from '../lib/live-run';
import { isStepType, stepTypeLabels } from '../lib/step-fields';
import { StepDetails } from './StepDetails';
import { StepStatusChip } from './RunStatusChip';

function StepItem({ step, n, lines }: { step: RunStep; n: number; lines: RunLogEntry[] }) {
  const [open, setOpen] = useState(step.status === 'FAILED');
  const took = stepDuration(step);
  const detailsId = `step-details-${n}`;
  return (
    <Box
      component="li"
      aria-label={`${step.name}: ${step.status}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: '24px minmax(0, 1fr) auto',
        columnGap: 1.5,
        py: 1,
        borderTop: n > 1 ? 1 : 0,
        borderColor: 'divider',
        alignItems: 'start',
      }}
    >
      <Typography sx={{ color: 'text.secondary', fontWeight: 600 }} aria-hidden>
        {n}
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
      <Box sx={{ gridColumn: '2 / 4', minWidth: 0 }}>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`Details of ${step.name}: what it received and produced`}
          startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setOpen((o) => !o)}
          sx={{ ml: -0.5 }}
        >
          Details
        </Button>
        <Collapse in={open} id={detailsId} unmountOnExit>
          <StepDetails step={step} lines={lines} />
        </Collapse>
      </Box>
    </Box>
  );
}

/** The run's steps in order: state, duration, error, and on demand what each received and did. */
export function RunSteps({ steps, log = [] }: { steps: RunStep[]; log?: readonly RunLogEntry[] }) {
  if (steps.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The platform did not report the steps of this run.
      </Typography>
    );
  return (
    <Box component="ol" aria-label="Steps of the run" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {steps.map((step, i) => (
        <StepItem
          key={step.id}
          step={step}
          n={i + 1}
          lines={log.filter((line) => line.step === step.id)}
        />
      ))}
    </Box>
  );
}
