import Box from '@mui/material/Box';

/** An identifier as the platform wrote it: monospace, never reformatted. */
export function IdText({ value }: { value: string }) {
  return (
    <Box
      component="code"
      sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
    >
      {value}
    </Box>
  );
}
