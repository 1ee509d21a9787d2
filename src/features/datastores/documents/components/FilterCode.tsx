import Box from '@mui/material/Box';

/** A filter in a menu or a list: monospace, one line, cut with an ellipsis. */
export function FilterCode({ filter }: { filter: string }) {
  return (
    <Box
      component="code"
      sx={{
        display: 'block',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.8125rem',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        color: 'text.secondary',
      }}
    >
      {filter || '{}'}
    </Box>
  );
}
