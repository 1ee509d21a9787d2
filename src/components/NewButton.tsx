import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';

export interface NewButtonProps {
  /** The path of the form that makes the new thing. */
  to: string;
  /** What it makes, e.g. "New stream". */
  children: ReactNode;
  /** The screen's main action (filled) or one beside another (outlined). */
  prominent?: boolean;
}

/** A link, drawn as a button with a plus, to the form that makes a new thing of a list. */
export function NewButton({ to, children, prominent = true }: NewButtonProps) {
  return (
    <Button
      component={RouterLink}
      to={to}
      variant={prominent ? 'contained' : 'outlined'}
      startIcon={<AddIcon />}
    >
      {children}
    </Button>
  );
}
