import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** Always on the page, so that a screen reader hears the end of a run once (polite). */
export function RunAnnouncer({ message }: { message: string }) {
  return (
    <Box role="status" aria-live="polite" aria-label="Run status" sx={visuallyHidden}>
      {message}
    </Box>
  );
}
