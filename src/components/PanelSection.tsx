import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export interface PanelSectionProps {
  title: ReactNode;
  children: ReactNode;
  /** The space under the heading, in theme spacing units. */
  headingGap?: number;
  sx?: SxProps<Theme>;
}

/** A <section> drawn as an outlined panel, named by its <h2> (a card of a details screen). */
export function PanelSection({ title, children, headingGap = 2, sx }: PanelSectionProps) {
  const id = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={[{ p: 2 }, ...(Array.isArray(sx) ? (sx as unknown[]) : [sx])] as SxProps<Theme>}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: headingGap }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
