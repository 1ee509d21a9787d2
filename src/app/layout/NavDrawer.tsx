import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';

export interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}

/** The navigation as a modal drawer on narrow screens; loaded on the first press of the menu. */
export default function NavDrawer({ open, onClose, width, children }: NavDrawerProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}
    >
      {children}
    </Drawer>
  );
}
