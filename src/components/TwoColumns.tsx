import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

export interface TwoColumnsProps {
  /** The columns' shares of the width on a large screen, e.g. [3, 2]. */
  widths?: readonly [number, number];
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * Two columns side by side on a large screen, one above the other below it; each column may
 * shrink below its content's width (a long line wraps or scrolls inside it).
 */
export function TwoColumns({ widths = [1, 1], children, sx }: TwoColumnsProps) {
  const [left, right] = widths;
  return (
    <Box
      sx={
        [
          {
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: `minmax(0, ${left}fr) minmax(0, ${right}fr)` },
            gap: 3,
            alignItems: 'start',
          },
          ...(Array.isArray(sx) ? (sx as unknown[]) : [sx]),
        ] as SxProps<Theme>
      }
    >
      {children}
    </Box>
  );
}
