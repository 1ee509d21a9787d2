import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Experiment, ExperimentCase } from '../../../../api/contract';
import { TitledDialog } from '../../../../components';
import { DiffedText } from '../../components/DiffedText';
import { variantLabel, variantLetter } from '../lib/describe';

interface CaseDiffDialogProps {
  experiment: Experiment;
  /** The case whose outputs are compared; none: the dialog is closed. */
  shown: ExperimentCase | undefined;
  onClose: () => void;
}

function VariantSelect({
  label,
  value,
  onChange,
  experiment,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  experiment: Experiment;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 240, flex: 1 }}
    >
      {experiment.variants.map((v, i) => (
        <MenuItem key={i} value={i}>
          {variantLabel(v, i)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Two variants' outputs for one case: the second with what differs from the first marked. */
export function CaseDiffDialog({ experiment, shown, onClose }: CaseDiffDialogProps) {
  const [base, setBase] = useState(0);
  const [other, setOther] = useState(1);
  const output = (variant: number) =>
    shown?.cells.find((cell) => cell.variant === variant)?.output ?? undefined;
  const before = output(base);
  const after = output(other);
  return (
    <TitledDialog
      open={shown !== undefined}
      onClose={onClose}
      title={shown ? `Case ${shown.index + 1}: outputs compared` : ''}
      maxWidth="md"
    >
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1, mb: 2 }}>
          <VariantSelect label="From" value={base} onChange={setBase} experiment={experiment} />
          <VariantSelect label="To" value={other} onChange={setOther} experiment={experiment} />
        </Stack>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          The output of variant {variantLetter(other)}: words added since variant{' '}
          {variantLetter(base)} are underlined, words removed are struck through.
        </Typography>
        <Box
          role="region"
          aria-label="Differences"
          sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {after === undefined ? (
            <Typography sx={{ color: 'text.secondary' }}>
              Variant {variantLetter(other)} has no output for this case.
            </Typography>
          ) : (
            <DiffedText text={after} base={before} />
          )}
        </Box>
        {before === undefined && after !== undefined && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Variant {variantLetter(base)} has no output for this case: nothing to compare with.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
