import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { workflowInput } from '../../../api/contract';
import type { DraftAction, InputDraft } from '../lib/draft';
import { DraftTextField } from './DraftTextField';

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
              // Beside the definition's JSON the column is narrow: the description takes a row
              // of its own there, so the name and the type keep their words.
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'minmax(0, 1fr) 8.5rem auto auto',
                xl: 'minmax(0, 1.2fr) 8.5rem minmax(0, 2fr) auto auto',
              },
              gridTemplateAreas: {
                xs: '"name" "type" "desc" "required" "remove"',
                sm: '"name type required remove" "desc desc desc desc"',
                xl: '"name type desc required remove"',
              },
              gap: 1.5,
              alignItems: 'start',
            }}
          >
            <DraftTextField
              label="Input name"
              sx={{ gridArea: 'name' }}
              size="small"
              required
              value={input.name}
              onChange={(inputName) => set('name', inputName)}
              problem={errors.name}
            />
            <DraftTextField
              select
              label="Type"
              sx={{ gridArea: 'type' }}
              size="small"
              value={text(input.type) || 'string'}
              onChange={(type) => set('type', type)}
              problem={errors.type}
            >
              {inputTypes.map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </DraftTextField>
            <DraftTextField
              label="Description"
              sx={{ gridArea: 'desc' }}
              size="small"
              value={input.description}
              onChange={(description) => set('description', description || undefined)}
              problem={errors.description}
            />
            <FormControlLabel
              sx={{ gridArea: 'required', mr: 0 }}
              control={
                <Checkbox
                  checked={input.required === true}
                  onChange={(event) => set('required', event.target.checked)}
                />
              }
              label="Required"
            />
            <IconButton
              sx={{ gridArea: 'remove', justifySelf: 'start' }}
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
