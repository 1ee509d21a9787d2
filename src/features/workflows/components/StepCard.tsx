import { useEffect, useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { DraftAction, StepDraft } from '../lib/draft';
import { isStepType, stepFields, stepTypeHelp, stepTypeLabels } from '../lib/step-fields';
import { SettingField } from './SettingField';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { DraftTextField } from './DraftTextField';

export type FocusTarget = 'up' | 'down' | 'name';

export interface StepCardProps {
  step: StepDraft;
  index: number;
  count: number;
  problems: Record<string, string> | undefined;
  dispatch: (action: DraftAction) => void;
  /** Set when this step should take the focus (it moved, or was just added). */
  focus?: FocusTarget;
  onFocused: () => void;
  onMove: (by: -1 | 1) => void;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What every step has, whatever its type. */
const ownFields = [
  { key: 'id', label: 'Step id' },
  { key: 'name', label: 'Step name' },
] as const;

/** One step: its id and name, its type's settings as fields, and the buttons that move it. */
export function StepCard({
  step,
  index,
  count,
  problems = {},
  dispatch,
  focus,
  onFocused,
  onMove,
}: StepCardProps) {
  const headingId = useId();
  const idPrefix = useId();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const name = useRef<HTMLInputElement>(null);
  const type = step.type;
  const known = isStepType(type);
  const fields = known ? stepFields[type] : [];
  const shown = new Set([...ownFields, ...fields].map((f) => f.key));
  const elsewhere = Object.entries(problems).filter(([key]) => !shown.has(key));
  const position = index + 1;
  const title = text(step.name) || `Step ${position}`;

  useEffect(() => {
    if (!focus) return;
    // A button that has just been disabled (first or last place) hands the focus to its pair.
    const target =
      focus === 'name'
        ? name.current
        : focus === 'up'
          ? index > 0
            ? up.current
            : down.current
          : index < count - 1
            ? down.current
            : up.current;
    target?.focus();
    onFocused();
  }, [focus, index, count, onFocused]);

  const set = (key: string, value: unknown) => dispatch({ type: 'stepField', index, key, value });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, borderColor: Object.keys(problems).length ? 'error.main' : undefined }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: 'action.selected',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 600,
            flexShrink: 0,
          }}
        >
          {position}
        </Box>
        <Typography
          id={headingId}
          variant="subtitle1"
          component="h3"
          sx={{ flex: 1, minWidth: 0 }}
          noWrap
        >
          <Box component="span" sx={visuallyHidden}>
            Step {position}:{' '}
          </Box>
          {title}
        </Typography>
        <Tooltip title={known ? stepTypeHelp[type] : 'Not a step type of the platform'}>
          <Chip
            size="small"
            label={known ? stepTypeLabels[type] : `Unknown type “${String(type)}”`}
            color={known ? 'default' : 'error'}
            variant="outlined"
          />
        </Tooltip>
        <IconButton
          ref={up}
          aria-label={`Move step ${position} up`}
          size="small"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          ref={down}
          aria-label={`Move step ${position} down`}
          size="small"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={`Remove step ${position}`}
          size="small"
          onClick={() => dispatch({ type: 'removeStep', index })}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Stack>
      {elsewhere.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {elsewhere.map(([key, message]) => (
            <div key={key}>{key ? `${key}: ${message}` : message}</div>
          ))}
        </Alert>
      )}
      {!known && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          Edit this step in the JSON, or remove it.
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: 2,
        }}
      >
        {ownFields.map(({ key, label }) => (
          <DraftTextField
            key={key}
            id={`${idPrefix}-${key}`}
            inputRef={key === 'name' ? name : undefined}
            label={label}
            size="small"
            required
            value={step[key]}
            onChange={(value) => set(key, value)}
            problem={problems[key]}
          />
        ))}
        {fields.map((field) => (
          <Box
            key={field.key}
            sx={{
              gridColumn:
                field.kind === 'multiline' || field.kind === 'json' ? '1 / -1' : undefined,
            }}
          >
            <SettingField
              field={field}
              value={step[field.key]}
              onChange={(value) => set(field.key, value)}
              error={problems[field.key]}
              idPrefix={idPrefix}
            />
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
