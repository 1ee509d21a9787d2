import Box from '@mui/material/Box';

export interface JsonViewProps {
  value: unknown;
  /** Accessible name of the block, e.g. "Filters as JSON". */
  label: string;
  maxHeight?: number;
}

/** Read-only, pretty-printed JSON; focusable so a keyboard user can scroll it. */
export function JsonView({ value, label, maxHeight = 360 }: JsonViewProps) {
  const text = value === undefined ? 'undefined' : JSON.stringify(value, null, 2);
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      sx={{
        m: 0,
        p: 1.5,
        maxHeight,
        overflow: 'auto',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.8125rem',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <code>{text}</code>
    </Box>
  );
}
