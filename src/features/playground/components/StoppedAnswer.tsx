import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { CopyButton } from '../../../components/CopyButton';
import type { StoppedRun } from '../hooks/use-playground';
import { answerTextSx } from './answer-text';

/** A streamed answer the user stopped: what had arrived, marked as cut short. */
export function StoppedAnswer({ run }: { run: StoppedRun }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip size="small" label="Stopped" color="warning" variant="outlined" />
        <Box sx={{ flexGrow: 1 }} />
        <CopyButton value={run.text} label="Copy the output so far" />
      </Stack>
      <Alert severity="info">
        Stopped before the model finished: the answer so far is below. The session’s history keeps
        only complete runs.
      </Alert>
      <Box role="region" aria-label="Output (stopped)" sx={answerTextSx}>
        {run.text}
      </Box>
    </Stack>
  );
}
