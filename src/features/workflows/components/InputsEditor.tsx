import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { workflowInput } from '../../../api/contract';
import type { DraftAction, InputDraft } from '../lib/draft';

const inputTypes = workflowInput.shape.type.options;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The inputs a run is given: the Run form is built from them. */
export function InputsEditor({
  inputs,
  problems,
  dispatch,
}: {
  inputs: InputDraft[];
  problems: Record<number, Record<string, string>>;
  dispatch: (action: DraftAction) => void;
}) {
  return (
    <Stack spacing={2}>
      {inputs.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No inputs: runs start without any. Steps read an input as {'${input.name}'}.
        </Typography>
      )}
      {inputs.map((input, index) => {
        const label = text(input.name) || `input ${index + 1}`;
        const errors = problems[index] ?? {};
        const set = (key: string, value: unknown) =>
          dispatch({ type: 'inputField', index, key, value });
        return (
          <Box
            key={index}
            role="group"
            aria-label={`Input ${index + 1}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: '1fr',
                md: 'minmax(0, 1.2fr) minmax(8rem, 0.9fr) minmax(0, 2fr) auto auto',
              },
              gap: 1.5,
              alignItems: 'start',
            }}
          >
            <TextField
              label="Input name"
              size="small"
              required
              value={text(input.name)}
              onChange={(event) => set('name', event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <TextField
              select
              label="Type"
              size="small"
              value={text(input.type) || 'string'}
              onChange={(event) => set('type', event.target.value)}
              error={Boolean(errors.type)}
              helperText={errors.type}
            >
              {inputTypes.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Description"
              size="small"
              value={text(input.description)}
              onChange={(event) => set('description', event.target.value || undefined)}
              error={Boolean(errors.description)}
              helperText={errors.description}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={input.required === true}
                  onChange={(event) => set('required', event.target.checked)}
                />
              }
              label="Required"
            />
            <IconButton
              aria-label={`Remove ${label}`}
              onClick={() => dispatch({ type: 'removeInput', index })}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => dispatch({ type: 'addInput' })}>
          Add input
        </Button>
      </Box>
    </Stack>
  );
}
