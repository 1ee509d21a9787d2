import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WorkflowStep } from '../../../api/contract';
import { isStepType, stepTypeLabels } from '../lib/step-fields';

const settingsInWords = (step: WorkflowStep) => {
  const { id: _id, name: _name, type: _type, ...settings } = step;
  return Object.entries(settings)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
};

/** The definition's steps in order, each with its type and settings in one line. */
export function StepsSummary({ steps }: { steps: WorkflowStep[] }) {
  return (
    <Box component="ol" aria-label="Steps" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {steps.map((step, i) => (
        <Box
          component="li"
          key={step.id}
          sx={{ display: 'flex', gap: 1.5, py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}
        >
          <Typography sx={{ color: 'text.secondary', minWidth: 24, fontWeight: 600 }} aria-hidden>
            {i + 1}
          </Typography>
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {step.name}{' '}
              <Typography
                component="span"
                variant="body2"
                sx={{ color: 'text.secondary', fontWeight: 400 }}
              >
                {isStepType(step.type) ? stepTypeLabels[step.type] : step.type} · {step.id}
              </Typography>
            </Typography>
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                fontFamily: 'monospace',
                fontSize: '0.8125rem',
                overflowWrap: 'anywhere',
              }}
            >
              {settingsInWords(step)}
            </Typography>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
