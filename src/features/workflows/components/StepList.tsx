import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { WorkflowStepType } from '../../../api/contract';
import type { Draft, DraftAction } from '../lib/draft';
import type { Problems } from '../lib/problems';
import { stepTypeHelp, stepTypeLabels, stepTypes } from '../lib/step-fields';
import { StepCard, type FocusTarget } from './StepCard';
import { visuallyHidden } from '../../../lib/visually-hidden';

const NEW = '__new__';

function AddStepButton({ onAdd }: { onAdd: (type: WorkflowStepType) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Add step
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {stepTypes.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            <ListItemText primary={stepTypeLabels[type]} secondary={stepTypeHelp[type]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The steps in order; add, remove and move them, each step's settings as a form. */
export function StepList({
  draft,
  problems,
  dispatch,
}: {
  draft: Draft;
  problems: Problems;
  dispatch: (action: DraftAction) => void;
}) {
  const steps = draft.definition.steps;
  const [focus, setFocus] = useState<{ key: string; target: FocusTarget }>();
  const [announcement, setAnnouncement] = useState('');
  // "Focus the new step" becomes its key once the draft has it.
  const lastKey = draft.stepKeys.at(-1);
  if (focus?.key === NEW && lastKey) setFocus({ key: lastKey, target: 'name' });

  return (
    <Stack spacing={2}>
      {steps.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No steps yet. A workflow needs at least one: add the first.
        </Typography>
      )}
      {steps.map((step, index) => {
        const key = draft.stepKeys[index] ?? `at-${index}`;
        return (
          <StepCard
            key={key}
            step={step}
            index={index}
            count={steps.length}
            problems={problems.steps[index]}
            dispatch={dispatch}
            focus={focus?.key === key ? focus.target : undefined}
            onFocused={() => setFocus(undefined)}
            onMove={(by) => {
              dispatch({ type: 'moveStep', index, by });
              setFocus({ key, target: by < 0 ? 'up' : 'down' });
              setAnnouncement(`Step moved to position ${index + 1 + by} of ${steps.length}`);
            }}
          />
        );
      })}
      <Box>
        <AddStepButton
          onAdd={(type) => {
            dispatch({ type: 'addStep', stepType: type });
            setAnnouncement(`${stepTypeLabels[type]} step added as step ${steps.length + 1}`);
            setFocus({ key: NEW, target: 'name' });
          }}
        />
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Stack>
  );
}
