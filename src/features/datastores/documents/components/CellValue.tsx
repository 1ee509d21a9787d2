import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { CopyButton, JsonView } from '../../../../components';

/** Longer than this, or an object or array: the cell shows the start, and the rest on demand. */
export const LONG_VALUE = 60;

export const cellText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
        ? String(value)
        : (JSON.stringify(value) ?? '');

export const isLongValue = (value: unknown) =>
  (typeof value === 'object' && value !== null) || cellText(value).length > LONG_VALUE;

export interface CellValueProps {
  field: string;
  value: unknown;
  /** The grid's roving tab index for what can be focused inside the cell. */
  tabIndex: -1 | 0;
}

/** A long value, cut to the cell's width, with a button that shows all of it. */
export function LongCellValue({ field, value, tabIndex }: CellValueProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const text = cellText(value);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}
      >
        {text}
      </Box>
      <IconButton
        size="small"
        tabIndex={tabIndex}
        aria-label={`Show all of ${field}`}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <UnfoldMoreIcon fontSize="inherit" />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onClick={(event) => event.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, maxWidth: 560 } } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {field}
          </Typography>
          <CopyButton value={text} label={`Copy ${field}`} />
        </Stack>
        {typeof value === 'object' ? (
          <JsonView value={value} label={`Full value of ${field}`} maxHeight={320} />
        ) : (
          <Typography
            variant="body2"
            tabIndex={0}
            aria-label={`Full value of ${field}`}
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              maxHeight: 320,
              overflow: 'auto',
            }}
          >
            {text}
          </Typography>
        )}
      </Popover>
    </Stack>
  );
}
