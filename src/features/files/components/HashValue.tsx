import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CopyButton } from '../../../components';
import { codeLine } from '../../../lib/code-text';

export interface HashValueProps {
  value: string;
  /** "MD5" or "SHA-256" of "Revision 2": names the copy button. */
  label: string;
}

/** A hash in full (it is what gets compared), cut short on screen, with a copy button. */
export function HashValue({ value, label }: HashValueProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box component="code" title={value} sx={{ ...codeLine, maxWidth: { xs: 88, lg: 120 } }}>
        {value}
      </Box>
      <CopyButton value={value} label={`Copy ${label}`} />
    </Stack>
  );
}
