import Box from '@mui/material/Box';
import { codeLine } from '../../../../lib/code-text';

/** A filter in a menu or a list: monospace, one line, cut with an ellipsis. */
export function FilterCode({ filter }: { filter: string }) {
  return (
    <Box component="code" sx={{ ...codeLine, display: 'block', color: 'text.secondary' }}>
      {filter || '{}'}
    </Box>
  );
}
