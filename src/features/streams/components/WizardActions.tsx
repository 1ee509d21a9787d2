import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';

export interface WizardActionsProps {
  first: boolean;
  last: boolean;
  creating: boolean;
  canDiscard: boolean;
  onBack: () => void;
  onDiscard: () => void;
}

/** Discard on the left; Back and Next (Create stream on the last step, the form's submit) on the right. */
export function WizardActions({
  first,
  last,
  creating,
  canDiscard,
  onBack,
  onDiscard,
}: WizardActionsProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider', alignItems: 'center' }}
    >
      <Button color="inherit" onClick={onDiscard} disabled={!canDiscard || creating}>
        Discard
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button onClick={onBack} disabled={first || creating} startIcon={<ArrowBackIcon />}>
        Back
      </Button>
      <Button
        type="submit"
        variant="contained"
        loading={creating}
        endIcon={last ? undefined : <ArrowForwardIcon />}
      >
        {last ? 'Create stream' : 'Next'}
      </Button>
    </Stack>
  );
}
