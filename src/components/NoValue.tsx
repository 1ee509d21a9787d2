import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** A word that stands for a missing value ("none", "never", "null"): muted and in italics. */
export function NoValue({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ color: 'text.secondary', fontStyle: 'italic' }}
    >
      {children}
    </Typography>
  );
}
